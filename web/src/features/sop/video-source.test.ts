import { describe, expect, it } from 'vitest';
import { videoSource } from './video-source';

describe('SOP video source', () => {
  it('nothing stored: the placeholder', () => {
    expect(videoSource('')).toEqual({ kind: 'none' });
    expect(videoSource('   ')).toEqual({ kind: 'none' });
    expect(videoSource(null)).toEqual({ kind: 'none' });
    expect(videoSource('javascript:alert(1)')).toEqual({ kind: 'none' });
    expect(videoSource('bukan url')).toEqual({ kind: 'none' });
  });

  it('a video file plays in the page player', () => {
    expect(videoSource('https://cdn.example.com/sop/vulkanisir.mp4')).toEqual({
      kind: 'file',
      src: 'https://cdn.example.com/sop/vulkanisir.mp4',
    });
    expect(videoSource('https://cdn.example.com/a.WEBM?token=1').kind).toBe('file');
  });

  it('YouTube, Vimeo and Drive page links become their embeddable players', () => {
    const yt = { kind: 'embed', src: 'https://www.youtube.com/embed/dQw4w9WgXcQ' };
    expect(videoSource('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s')).toEqual(yt);
    expect(videoSource('https://youtu.be/dQw4w9WgXcQ')).toEqual(yt);
    expect(videoSource('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toEqual(yt);
    expect(videoSource('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual(yt);
    expect(videoSource('https://vimeo.com/76979871')).toEqual({
      kind: 'embed',
      src: 'https://player.vimeo.com/video/76979871',
    });
    expect(videoSource('https://drive.google.com/file/d/1AbCdEfGh/view?usp=sharing')).toEqual({
      kind: 'embed',
      src: 'https://drive.google.com/file/d/1AbCdEfGh/preview',
    });
  });

  it('any other address is embedded as given', () => {
    expect(videoSource('https://player.example.com/v/42')).toEqual({
      kind: 'embed',
      src: 'https://player.example.com/v/42',
    });
  });
});
