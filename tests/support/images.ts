import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TestClient } from './http-client';

/**
 * Pictures for the tests and the bench: a photo-like JPEG (a gradient under sensor-like noise, so
 * it compresses as a camera's photo does, not as a flat colour) carrying the EXIF a phone writes,
 * GPS position included; and small images of each accepted format.
 */
export const PHOTO_EXIF = {
  IFD0: { Make: 'QuizCam', Model: 'Secret Model 9', Copyright: 'Hanako Yamada' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '35/1 39/1 2916/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '139/1 44/1 2862/100',
  },
} as const;

/** A camera-like JPEG of `width` × `height` with EXIF and GPS, about 5 MB at 4000 × 3000. */
export async function noisyPhoto(width = 4000, height = 3000, quality = 92): Promise<Buffer> {
  const noise = randomBytes(width * height * 3);
  // A soft gradient, then noise of ±24 around it: detail a JPEG cannot throw away.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const base = [(x * 255) / width, (y * 255) / height, ((x + y) * 127) / (width + height) + 64];
      for (let channel = 0; channel < 3; channel++)
        noise[at + channel] = Math.max(0, Math.min(255, base[channel]! + (noise[at + channel]! % 49) - 24));
    }
  }
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .withExif(PHOTO_EXIF)
    .toBuffer();
}

/** A small image of `format` (solid colours, a diagonal) of `width` × `height`. */
export async function smallImage(format: 'jpeg' | 'png' | 'webp', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .withExif(PHOTO_EXIF)
    .toBuffer();
}

/** A presigned upload ticket (`POST /api/quizzes/images/uploads`). */
export type ImageTicket = { url: string; fields: Record<string, string>; key: string };

/**
 * Uploads `bytes` as the browser does (a ticket, then the presigned POST to storage) and answers the
 * key a question then saves; throws when either step is refused.
 */
export async function uploadQuizImage(
  client: TestClient,
  bytes: Buffer,
  fileName = 'photo.jpg',
  contentType = 'image/jpeg',
): Promise<string> {
  const response = await client.request('POST', '/api/quizzes/images/uploads', {
    json: { fileName, size: bytes.length, contentType },
  });
  if (response.status !== 201)
    throw new Error(`the upload ticket answered ${response.status}: ${response.text}`);
  const ticket = response.json as unknown as ImageTicket;
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
  const stored = await fetch(ticket.url, { method: 'POST', body: form });
  if (stored.status !== 204) throw new Error(`the upload to storage answered ${stored.status}`);
  return ticket.key;
}
