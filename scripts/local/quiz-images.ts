import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import { s3 } from '../../functions/lib/aws-clients';
import { getConfig } from '../../functions/lib/config';
import { QUIZ_IMAGE_PATH } from '../../shared/quiz-images';

/**
 * Questions' pictures on the app's port, as CloudFront's `/quiz-images/*` behaviour serves them
 * from their bucket (infra/constructs/web.ts): GET and HEAD only, the object's own type and cache
 * header (`immutable`, a year), 404 for anything missing or outside the pictures' keys.
 */
export async function serveQuizImage(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const key = decodeURIComponent(url.pathname).slice(1);
  const notFound = () => {
    response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ message: 'Not Found' }));
  };
  const bucket = getConfig().quizImagesBucket;
  if (
    !bucket ||
    (request.method !== 'GET' && request.method !== 'HEAD') ||
    !key.startsWith(QUIZ_IMAGE_PATH.slice(1)) ||
    !/^[\w./-]+$/.test(key) ||
    key.includes('..')
  )
    return notFound();
  let object;
  try {
    object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  } catch {
    return notFound();
  }
  if (response.destroyed) return;
  response.writeHead(200, {
    'content-type': object.ContentType ?? 'application/octet-stream',
    'cache-control': object.CacheControl ?? 'no-cache',
    ...(object.ContentLength !== undefined ? { 'content-length': String(object.ContentLength) } : {}),
  });
  if (request.method === 'HEAD' || !object.Body) return void response.end();
  pipeline(object.Body as Readable, response, () => undefined);
}
