import { describe, expect, it } from 'vitest';
import {
  isAuthorizePath,
  popupFeatures,
  popupGeometry,
  POPUP_SIZE,
  signInFailedPath,
  signInMessage,
} from './signInPopup.ts';

const origin = 'https://videos.example.com';

describe('given a message reaching the embed', () => {
  it('counts a success from the sign-in origin', () => {
    expect(signInMessage({ origin, data: { type: 'success' } }, origin)).toBe('success');
  });

  it('reports a failure from the sign-in origin', () => {
    expect(signInMessage({ origin, data: { type: 'failure' } }, origin)).toBe('failure');
  });

  it('ignores a success from any other origin', () => {
    expect(
      signInMessage({ origin: 'https://evil.test', data: { type: 'success' } }, origin),
    ).toBeNull();
    expect(
      signInMessage({ origin: 'http://videos.example.com', data: { type: 'success' } }, origin),
    ).toBeNull();
    expect(signInMessage({ origin: 'null', data: { type: 'success' } }, origin)).toBeNull();
  });

  it('ignores other types and shapes from the sign-in origin', () => {
    for (const data of [
      { type: 'SUCCESS' },
      { type: 'ready' },
      'success',
      null,
      undefined,
      42,
      ['success'],
      { kind: 'success' },
    ]) {
      expect(signInMessage({ origin, data }, origin)).toBeNull();
    }
  });
});

describe('given the window that opens the popup', () => {
  it('is 800x600 (SPEC §9)', () => {
    expect(POPUP_SIZE).toEqual({ width: 800, height: 600 });
  });

  it('centres the popup over that window', () => {
    expect(popupGeometry({ left: 100, top: 50, width: 1280, height: 800 })).toEqual({
      left: 340,
      top: 150,
      width: 800,
      height: 600,
    });
  });

  it('keeps it centred over a window smaller than the popup, or on a monitor left of the main one', () => {
    expect(popupGeometry({ left: -1920, top: 0, width: 600, height: 400 })).toEqual({
      left: -2020,
      top: -100,
      width: 800,
      height: 600,
    });
  });

  it('writes the window.open features', () => {
    expect(popupFeatures({ left: 340, top: 150, width: 800, height: 600 })).toBe(
      'popup=yes,width=800,height=600,left=340,top=150',
    );
  });
});

describe('given where a sign-in returns to', () => {
  it('recognises the popup page, with or without locale and query', () => {
    expect(isAuthorizePath('/showcase/7/authorize')).toBe(true);
    expect(isAuthorizePath('/ja-JP/showcase/7/authorize?use_sso=true')).toBe(true);
    expect(isAuthorizePath('/showcase/7')).toBe(false);
    expect(isAuthorizePath('/showcase/7/authorize/more')).toBe(false);
  });

  it('flags a failed sign-in on the popup page, keeping its query', () => {
    expect(signInFailedPath('/es/showcase/7/authorize?use_sso=true')).toBe(
      '/es/showcase/7/authorize?use_sso=true&sign_in_failed=1',
    );
  });
});
