import { createHash } from 'node:crypto';
import type sharpModule from 'sharp';
import { QUIZ_IMAGE_LIMITS, QUIZ_IMAGE_MESSAGES } from '@shared/quiz-images';
import { BadRequestError, PayloadTooLargeError } from '../lib/errors';
import { imageFormatOf } from './quiz-image-policy';

/**
 * Re-encoding an uploaded picture with sharp (libvips). sharp is loaded on first use, and kept out
 * of every bundle (infra/constructs/route-function.ts): only the functions that save quizzes carry
 * its native binary, installed for Lambda's linux-arm64 beside their bundle.
 */
type Sharp = typeof sharpModule;
let loaded: Promise<Sharp> | undefined;

function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // A function handles one request at a time: libvips' cache only holds memory between requests,
    // and one thread per picture leaves the CPU to the pictures processed beside it.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

/** A picture ready to store: WebP bytes, their size in pixels and the hash that names them. */
export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
  contentHash: string;
}

/**
 * The picture re-encoded: checked by its bytes (JPEG, PNG or WebP, whatever its name said), its
 * size read from its header before anything is decoded (a decompression bomb is refused there,
 * and libvips stops at `limitInputPixels` whatever the header claimed), turned upright by its EXIF
 * orientation, at most 1280 px wide, as WebP with no metadata at all (EXIF, GPS, XMP, ICC: sharp
 * writes none unless asked). Only the first frame of an animation is kept.
 */
export async function reencodeQuizImage(bytes: Uint8Array): Promise<EncodedImage> {
  const m = QUIZ_IMAGE_MESSAGES;
  if (bytes.byteLength > QUIZ_IMAGE_LIMITS.maxBytes) throw new PayloadTooLargeError(m.tooLarge);
  const format = imageFormatOf(bytes);
  if (!format) throw new BadRequestError(m.notAnImage);
  const sharp = await loadSharp();
  const input = (limitInputPixels: number | false) =>
    sharp(bytes, { limitInputPixels, failOn: 'error', sequentialRead: true, animated: false });
  let metadata;
  try {
    // The header only (nothing decoded), so an oversized picture is told as such.
    metadata = await input(false).metadata();
  } catch {
    throw new BadRequestError(m.notAnImage);
  }
  if (metadata.format !== format) throw new BadRequestError(m.notAnImage);
  const { width = 0, height = 0 } = metadata;
  if (width === 0 || height === 0) throw new BadRequestError(m.notAnImage);
  if (
    width > QUIZ_IMAGE_LIMITS.maxSide ||
    height > QUIZ_IMAGE_LIMITS.maxSide ||
    width * height > QUIZ_IMAGE_LIMITS.maxInputPixels
  )
    throw new BadRequestError(m.dimensionsTooLarge);
  try {
    const { data, info } = await input(QUIZ_IMAGE_LIMITS.maxInputPixels)
      .rotate()
      .resize({ width: QUIZ_IMAGE_LIMITS.maxWidth, withoutEnlargement: true })
      .webp({ quality: 80, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      width: info.width,
      height: info.height,
      contentHash: createHash('sha256').update(data).digest('base64url').slice(0, 32),
    };
  } catch {
    // Truncated or corrupt past its header: libvips fails while decoding (failOn: 'error').
    throw new BadRequestError(m.notAnImage);
  }
}
