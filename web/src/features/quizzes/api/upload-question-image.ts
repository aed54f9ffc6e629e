import { quizImagesApi } from '@shared/contract/quiz-images';
import { QUIZ_IMAGE_MESSAGES, type QuizImageType } from '@shared/quiz-images';
import { callApi } from '@web/lib/api-client';

/**
 * A question's picture: a presigned POST ticket (`POST /api/quizzes/images/uploads`), then the
 * file straight to S3 (another origin: no credentials or CSRF header), with the upload's progress
 * (`fetch` reports none for a request body, so XMLHttpRequest). Answers the key the question saves.
 */
export async function uploadQuestionImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const ticket = await callApi(quizImagesApi.createUpload, {
    body: { fileName: file.name, size: file.size, contentType: file.type as QuizImageType },
  });
  const body = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) body.append(name, value);
  body.append('file', file);
  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', ticket.url);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : // The storage answers in XML, never a message to show; a file over 5 MB is its usual refusal.
          reject(new Error(request.status === 400 ? QUIZ_IMAGE_MESSAGES.tooLarge : UPLOAD_FAILED)),
    );
    request.addEventListener('error', () => reject(new Error(UPLOAD_FAILED)));
    request.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
  onProgress(1);
  return ticket.key;
}

export const UPLOAD_FAILED = '画像のアップロードに失敗しました。通信環境を確認して、もう一度お試しください';
