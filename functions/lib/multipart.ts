import busboy from 'busboy';
import { BadRequestError, PayloadTooLargeError } from './errors';

/** One file part of a `multipart/form-data` body. */
interface FormFile {
  fileName: string;
  bytes: Buffer;
}

interface MultipartOptions {
  /** The file part to keep (the first one of that name); any other file part is read past. */
  filePart: string;
  maxFileBytes: number;
  /** The 400 answer for a body that is not a readable form. */
  malformedMessage: string;
  /** The 413 answer for a file over `maxFileBytes`. */
  tooLargeMessage: string;
}

/**
 * Reads a multipart form held in memory (the request body, already bounded by the route's body
 * limit): its text fields and one named file part. Field count and size are bounded too.
 */
export function readMultipart(
  rawBody: Buffer,
  contentType: string,
  options: MultipartOptions,
): Promise<{ fields: Record<string, string>; file: FormFile | undefined }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    let file: FormFile | undefined;
    let taken = false;
    let tooLarge = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { files: 5, fields: 20, fieldSize: 2000, fileSize: options.maxFileBytes },
      });
    } catch {
      reject(new BadRequestError(options.malformedMessage));
      return;
    }
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== options.filePart || taken) {
        stream.resume();
        return;
      }
      taken = true;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        file = { fileName: info.filename ?? '', bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('error', () => reject(new BadRequestError(options.malformedMessage)));
    parser.on('close', () => {
      if (tooLarge) reject(new PayloadTooLargeError(options.tooLargeMessage));
      else resolve({ fields, file });
    });
    parser.end(rawBody);
  });
}
