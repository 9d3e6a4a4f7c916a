import { describe, expect, it } from 'vitest';
import {
  embedCode,
  embedDimensions,
  isEmbedSize,
  showcaseEmbedSrc,
  videoEmbedSrc,
} from './embedCode.ts';

describe('embed code', () => {
  const src = showcaseEmbedSrc('https://films.example.com', 4);

  it('points at the public address of the showcase frame or one video frame', () => {
    expect(src).toBe('https://films.example.com/showcase/4/embed');
    expect(videoEmbedSrc('https://films.example.com/', 4, 9)).toBe(
      'https://films.example.com/showcase/4/video/9/embed',
    );
  });

  it('is responsive by default: a 16:9 box filled by the frame', () => {
    const code = embedCode({ src, title: 'Harbour', size: 'responsive' });
    expect(code).toContain('aspect-ratio:16/9');
    expect(code).toContain('position:absolute;inset:0;width:100%;height:100%');
    expect(code).not.toContain('width="');
  });

  it('has a fixed width and height when one is chosen', () => {
    expect(embedCode({ src, title: 'Harbour', size: '960x540' })).toContain(
      'width="960" height="540"',
    );
    expect(embedDimensions('1280x720')).toEqual({ width: 1280, height: 720 });
  });

  it('takes the exact pixels an oEmbed consumer fitted', () => {
    expect(embedCode({ src, title: 'Harbour', size: { width: 500, height: 281 } })).toContain(
      'width="500" height="281"',
    );
  });

  it('escapes the title', () => {
    expect(embedCode({ src, title: '"Quotes" & <tags>', size: 'responsive' })).toContain(
      'title="&quot;Quotes&quot; &amp; &lt;tags&gt;"',
    );
  });

  it('knows its sizes', () => {
    expect(isEmbedSize('640x360')).toBe(true);
    expect(isEmbedSize('1x1')).toBe(false);
    expect(isEmbedSize(null)).toBe(false);
  });
});
