import { API } from '@itms/contracts/api';
import { call } from './api-client';

/** Uploads an image (PNG, JPEG, WebP) and returns its stored path (`awsImage`). */
export async function uploadImage(file: Blob, name = 'image.png'): Promise<string> {
  const form = new FormData();
  form.append(API.uploadImage.multipart, file, name);
  const { awsImage } = await call(API.uploadImage, { body: form });
  return awsImage;
}
