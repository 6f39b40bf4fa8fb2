import { crc32, deflateSync } from 'node:zlib';

/** An 8x8 JPEG (jpeg-js, quality 80). */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIAAgACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/ALlp8O+n7n9K/Op555n2dTiPzP8A/9k=',
  'base64',
);

/** An 8x8 WebP, lossy with an alpha channel (VP8X), as libwebp writes it. */
export const TINY_WEBP = Buffer.from(
  'UklGRnYAAABXRUJQVlA4WAoAAAAQAAAABwAABwAAQUxQSAwAAAABD/DA/4iI0KqI/gdWUDggRAAAABACAJ0BKggACAABQCYlqAJ0twABkB/ZUwAA/uzh5Jqb06O+OMZ/6+Q/y4/+jffXf/g6Q/4cp/5nzf1wjIdHn8NCUAAA',
  'base64',
);

/** An 8x8 lossless WebP (VP8L). */
export const TINY_WEBP_LOSSLESS = Buffer.from(
  'UklGRjYAAABXRUJQVlA4TCoAAAAvB8ABEJkKRPQ/oCYAAcYKon9OnwKDPB4CksTn0XOCSZpqOwYfCs8XLws=',
  'base64',
);

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG of the given header and image data, every chunk with its right CRC. */
export function pngOf(opts: { width: number; height: number; colorType?: number; idat: Buffer }): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(opts.width, 0);
  ihdr.writeUInt32BE(opts.height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = opts.colorType ?? 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', opts.idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The photo: an 8x8 RGBA PNG whose signature, header and CRCs are right but whose image
 * data is a damaged zlib stream (a valid zlib header, then bytes no deflate block starts with).
 */
export const CORRUPT_PNG = pngOf({
  width: 8,
  height: 8,
  idat: Buffer.concat([Buffer.from([0x78, 0x9c]), Buffer.alloc(40, 0xff)]),
});

/** Whole scanlines of an 8x8 RGBA image, each with a filter byte no PNG has (7). */
export const BAD_FILTER_PNG = pngOf({
  width: 8,
  height: 8,
  idat: deflateSync(
    Buffer.concat(Array.from({ length: 8 }, () => Buffer.concat([Buffer.from([7]), Buffer.alloc(32, 0x80)]))),
  ),
});

/** A PNG that claims 20,000 x 20,000 pixels (400 MP) in a few bytes. */
export const HUGE_CANVAS_PNG = pngOf({ width: 20_000, height: 20_000, idat: deflateSync(Buffer.alloc(64)) });
