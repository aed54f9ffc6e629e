import { AI_MESSAGES, type UploadKind } from '@shared/ai';
import { LIMITS } from '@shared/constants';
import type { aiApi } from '@shared/contract/ai';
import type { FileSource } from '../../ai/file-generation';
import { BadRequestError } from '../../lib/errors';
import type { RequestFor } from '../../lib/http/types';
import { checkInput } from '../../lib/http/validate-input';
import { readMultipart } from '../../lib/multipart';

type FileRoute = typeof aiApi.fromPdf | typeof aiApi.fromWord;

/**
 * The file calls' input: the spec's multipart form (file part `pdf` / `word`, settings as text
 * fields, checked by the contract's `form` schema), or the JSON body naming an upload (already
 * checked by the contract's `body` schema).
 */
export async function fileSource(
  contract: FileRoute,
  request: RequestFor<FileRoute, unknown, unknown>,
  kind: UploadKind,
): Promise<FileSource> {
  if (request.body) {
    const { fileKey, ...settings } = request.body;
    return { settings, fileKey };
  }
  if (!request.rawBody) throw new BadRequestError(AI_MESSAGES.fileRequired);
  const form = await readMultipart(request.rawBody, request.headers['content-type'] ?? '', {
    filePart: kind,
    maxFileBytes: LIMITS.uploadMaxBytes,
    malformedMessage: AI_MESSAGES.fileRequired,
    tooLargeMessage: AI_MESSAGES.fileTooLarge,
  });
  const settings = checkInput(contract.form, form.fields, 'body');
  if (!form.file) throw new BadRequestError(AI_MESSAGES.fileRequired);
  return { settings, file: form.file };
}
