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
  /** How many parts of that name to keep, for a repeated field (default 1); more is a 400. */
  maxFiles?: number;
  /** The 400 answer for more than `maxFiles` parts (default: `malformedMessage`). */
  tooManyMessage?: string;
  maxFileBytes: number;
  /** The 400 answer for a body that is not a readable form. */
  malformedMessage: string;
  /** The 413 answer for a file over `maxFileBytes`. */
  tooLargeMessage: string;
}

/**
 * Reads a multipart form held in memory (the request body, already bounded by the route's body
 * limit): its text fields and the named file part (or up to `maxFiles` of a repeated one). Field
 * count and size are bounded too.
 */
export function readMultipart(
  rawBody: Buffer,
  contentType: string,
  options: MultipartOptions,
): Promise<{ fields: Record<string, string>; file: FormFile | undefined; files: FormFile[] }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    const files: FormFile[] = [];
    const maxFiles = options.maxFiles ?? 1;
    let taken = 0;
    let tooMany = false;
    let tooLarge = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        // Browsers send a file's name as UTF-8 («ノート.docx»), not Latin-1.
        defParamCharset: 'utf8',
        limits: {
          files: Math.max(5, maxFiles + 1),
          fields: 20,
          fieldSize: 2000,
          fileSize: options.maxFileBytes,
        },
      });
    } catch {
      reject(new BadRequestError(options.malformedMessage));
      return;
    }
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== options.filePart || taken === maxFiles) {
        // A single file part keeps the first; a repeated field with too many parts is refused.
        if (name === options.filePart && maxFiles > 1) tooMany = true;
        stream.resume();
        return;
      }
      taken += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      stream.on('end', () => {
        files.push({ fileName: info.filename ?? '', bytes: Buffer.concat(chunks) });
      });
    });
    parser.on('error', () => reject(new BadRequestError(options.malformedMessage)));
    parser.on('close', () => {
      if (tooLarge) reject(new PayloadTooLargeError(options.tooLargeMessage));
      else if (tooMany) reject(new BadRequestError(options.tooManyMessage ?? options.malformedMessage));
      else resolve({ fields, file: files[0], files });
    });
    parser.end(rawBody);
  });
}
