import { api } from './api-client';

/** Uploads an image (PNG, JPEG, WebP) and returns its stored path (`awsImage`). */
export async function uploadImage(file: Blob, name = 'image.png'): Promise<string> {
  const form = new FormData();
  form.append('image', file, name);
  const { awsImage } = await api.post<{ awsImage: string }>('/upload', form);
  return awsImage;
}
