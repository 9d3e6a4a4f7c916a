import { describe, expect, it } from 'vitest';
import { parseFrameParams, pickPicture, pickProgressive, playerFramePath } from './playerFrame.ts';

describe('playerFramePath', () => {
  it('frames a video without autoplay', () => {
    expect(
      playerFramePath({ albumId: 2, videoId: 5, autoplay: false, continuousPlay: false }),
    ).toBe('/showcase/2/video/5/embed?autoplay=0');
  });
  it('asks for autoplay', () => {
    expect(playerFramePath({ albumId: 2, videoId: 5, autoplay: true, continuousPlay: false })).toBe(
      '/showcase/2/video/5/embed?autoplay=1',
    );
  });
  it('adds autopause=0 under continuous play', () => {
    expect(playerFramePath({ albumId: 2, videoId: 5, autoplay: true, continuousPlay: true })).toBe(
      '/showcase/2/video/5/embed?autoplay=1&autopause=0',
    );
  });
  it('carries the share hash', () => {
    expect(
      playerFramePath({
        albumId: 2,
        videoId: 5,
        autoplay: false,
        continuousPlay: false,
        shareHash: 'a b',
      }),
    ).toBe('/showcase/2/video/5/embed?autoplay=0&sh=a+b');
  });
  it('carries the password proof as hash and the viewer JWT as jwt', () => {
    expect(
      playerFramePath({
        albumId: 2,
        videoId: 5,
        autoplay: false,
        continuousPlay: false,
        hash: 'proof',
        jwt: 'a.b.c',
      }),
    ).toBe('/showcase/2/video/5/embed?autoplay=0&hash=proof&jwt=a.b.c');
  });
});

describe('parseFrameParams', () => {
  it('autoplays on autoplay=1', () => {
    expect(parseFrameParams(new URLSearchParams('autoplay=1')).autoplay).toBe(true);
  });
  it('does not autoplay otherwise', () => {
    expect(parseFrameParams(new URLSearchParams('autoplay=true')).autoplay).toBe(false);
  });
  it('autopauses by default', () => {
    expect(parseFrameParams(new URLSearchParams('')).autopause).toBe(true);
  });
  it('does not autopause on autopause=0', () => {
    expect(parseFrameParams(new URLSearchParams('autopause=0')).autopause).toBe(false);
  });
});

describe('pickProgressive', () => {
  const file = (height: number) => ({
    link: `/${height}.mp4`,
    width: null,
    height,
    mime: 'video/mp4',
  });
  it('picks the smallest file of at least 360 lines', () => {
    expect(pickProgressive([file(1080), file(360), file(720)])?.height).toBe(360);
  });
  it('picks the largest file when none reaches 360 lines', () => {
    expect(pickProgressive([file(144), file(240)])?.height).toBe(240);
  });
  it('has nothing to play without files', () => {
    expect(pickProgressive([])).toBeNull();
  });
});

describe('pickPicture', () => {
  const picture = (width: number) => ({
    link: `/${width}.jpg`,
    width,
    height: Math.round((width * 9) / 16),
  });
  it('picks the smallest picture at least 960 wide', () => {
    expect(pickPicture([picture(1680), picture(640), picture(960), picture(1280)])?.width).toBe(
      960,
    );
  });
  it('picks the widest picture when none is wide enough', () => {
    expect(pickPicture([picture(320), picture(640)])?.width).toBe(640);
  });
  it('has no picture without sizes', () => {
    expect(pickPicture([])).toBeNull();
  });
});
