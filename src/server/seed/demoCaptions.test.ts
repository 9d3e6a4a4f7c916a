import { describe, expect, it } from 'vitest';
import { demoCaptionFile } from './demoCaptions.ts';

describe('demoCaptionFile', () => {
  it('captions the title, then each sentence of the description, within the video', () => {
    const file = demoCaptionFile({
      name: 'Glass studio',
      description: 'Molten glass on the pipe. Shaped by hand! Cooled slowly.',
      duration: 10,
    });
    expect(file).toBe(
      'WEBVTT\n\n' +
        '00:00:00.000 --> 00:00:04.000\nGlass studio\n\n' +
        '00:00:04.000 --> 00:00:08.000\nMolten glass on the pipe.\n\n' +
        '00:00:08.000 --> 00:00:10.000\nShaped by hand!\n',
    );
  });
});
