import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { FileDownload } from '@shared/api';
import { wellFormed } from '@shared/visible-text';
import type { HttpReply } from './types';

/** RFC 5987's attr-char: what `encodeURIComponent` leaves that the header must still escape. */
const encodeExtValue = (text: string) =>
  encodeURIComponent(wellFormed(text)).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** A name safe inside a quoted header value: printable ASCII, no quotes or backslashes. */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

/**
 * `Content-Disposition` for a download: the UTF-8 name in `filename*` (RFC 5987/6266), which
 * every current browser prefers, and an ASCII `filename` for anything that does not read it.
 */
export function contentDisposition(file: Pick<FileDownload, 'fileName' | 'asciiFileName'>): string {
  return `attachment; filename="${asciiName(file.asciiFileName)}"; filename*=UTF-8''${encodeExtValue(file.fileName)}`;
}

/**
 * A file answer as API Gateway (payload 2.0) takes it: the bytes base64-encoded with
 * `isBase64Encoded`, which the HTTP API decodes before the client sees them. Never cached, as
 * every download is the caller's own.
 */
export function fileResponse(
  statusCode: number,
  file: FileDownload,
  extra: Omit<HttpReply, 'status' | 'body'> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: {
      'content-type': file.contentType,
      'content-disposition': contentDisposition(file),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...extra.headers,
    },
    ...(extra.cookies?.length ? { cookies: extra.cookies } : {}),
    body: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength).toString('base64'),
    isBase64Encoded: true,
  };
}
