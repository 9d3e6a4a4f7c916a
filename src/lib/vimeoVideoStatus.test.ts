import { describe, expect, it } from 'vitest';
import { vimeoVideoState } from './vimeoVideoStatus.ts';

describe('vimeoVideoState', () => {
  it('is uploading until the file has arrived', () => {
    expect(vimeoVideoState('processing', false)).toEqual({
      status: 'uploading',
      upload: { status: 'in_progress' },
      transcode: { status: 'in_progress' },
    });
  });
  it('is transcoding while its job makes the files', () => {
    expect(vimeoVideoState('processing', true)).toEqual({
      status: 'transcoding',
      upload: { status: 'complete' },
      transcode: { status: 'in_progress' },
    });
  });
  it('is available once ready', () => {
    expect(vimeoVideoState('ready', true)).toMatchObject({
      status: 'available',
      transcode: { status: 'complete' },
    });
  });
  it('tells a failed transcode', () => {
    expect(vimeoVideoState('error', true)).toMatchObject({
      status: 'transcoding_error',
      transcode: { status: 'error' },
    });
  });
});
