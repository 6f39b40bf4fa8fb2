/** Longest edge and size a field photo is brought down to on the phone before it is stored. */
export const PHOTO_MAX_EDGE = 1600;
export const PHOTO_MAX_BYTES = 500 * 1024;

/**
 * A camera photo made small enough to send on a weak signal: orientation applied, the long edge at
 * most 1600 px, JPEG, under 500 KB (the quality steps down, then the size, until it fits).
 */
export async function compressPhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  let edge = Math.min(PHOTO_MAX_EDGE, Math.max(bitmap.width, bitmap.height));
  try {
    for (;;) {
      const scale = edge / Math.max(bitmap.width, bitmap.height);
      const canvas = new OffscreenCanvas(
        Math.max(1, Math.round(bitmap.width * scale)),
        Math.max(1, Math.round(bitmap.height * scale)),
      );
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('canvas 2d is not available');
      ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      for (const quality of [0.82, 0.7, 0.58]) {
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
        // a very grainy picture may need fewer pixels as well
        if (blob.size <= PHOTO_MAX_BYTES || edge <= 400) return blob;
      }
      edge = Math.round(edge * 0.75);
    }
  } finally {
    bitmap.close();
  }
}
