import type { UploadTicket } from '@shared/ai';

/** The storage refused the upload (its answer is XML, never a message to show). */
class UploadError extends Error {
  constructor(readonly status: number) {
    super(`upload failed: ${status}`);
    this.name = 'UploadError';
  }
}

/**
 * Sends a file to storage with a presigned POST ticket, reporting the bytes sent as they go
 * (`fetch` cannot report upload progress, XMLHttpRequest can). No credentials and no CSRF header:
 * storage is another origin, and the ticket's signature is the permission.
 */
export function uploadToStorage(
  ticket: UploadTicket,
  file: File,
  onSent: (bytes: number) => void,
): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) body.append(name, value);
  body.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', ticket.url);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onSent(Math.min(file.size, (event.loaded / event.total) * file.size));
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onSent(file.size);
        resolve();
      } else reject(new UploadError(request.status));
    });
    request.addEventListener('error', () => reject(new UploadError(0)));
    request.addEventListener('abort', () => reject(new UploadError(0)));
    request.send(body);
  });
}
