import {
  AI_MESSAGES,
  aiFormSettingsSchema,
  generateFromUploadSchema,
  type AiSettings,
  type GeneratedQuiz,
  type UploadKind,
  uploadKindOf,
} from '@shared/ai';
import { BadRequestError } from '../lib/errors';
import { checkInput } from '../lib/http-handler';
import type { UserItem } from '../users/user';
import { FAILURE_MESSAGES, generate, type GenerationContext } from './generation';
import { checkFileType, extractText, parseMultipart, type FileFormat, type MaterialFile } from './materials';
import { takeUpload } from './uploads';
import { checkAttemptRate, withDailyAllowance } from './usage';

/** AI generation from a PDF or Word file, sent as the spec's multipart form or uploaded first. */

interface FileRequest extends GenerationContext {
  user: UserItem;
  rawBody: Buffer | undefined;
  body: unknown;
  headers: Record<string, string | undefined>;
}

/**
 * `POST /api/ai/generate-quiz-from-pdf` and `-word`: either the spec's multipart form (file part
 * `pdf` / `word`) or JSON naming a presigned-POST upload (`fileKey`). Input is checked before
 * anything is used up; the upload is deleted once read.
 */
export async function generateFromFile(request: FileRequest, kind: UploadKind): Promise<GeneratedQuiz> {
  const { user, log } = request;
  const context = { log, deadline: request.deadline };
  const fromFile = async (settings: AiSettings, file: MaterialFile, format: FileFormat) => {
    const text = await extractText(file, format, log, request.deadline);
    return generate(settings, text, FAILURE_MESSAGES[kind], context);
  };
  const contentType = request.headers['content-type'] ?? '';
  if (/^multipart\/form-data/i.test(contentType)) {
    if (!request.rawBody) throw new BadRequestError(AI_MESSAGES.fileRequired);
    const form = await parseMultipart(request.rawBody, contentType, kind);
    const settings = checkInput(aiFormSettingsSchema, form.fields, 'body');
    const file = form.file;
    if (!file) throw new BadRequestError(AI_MESSAGES.fileRequired);
    await checkAttemptRate(user.id);
    // The type is checked before a use is taken, so a wrong file costs nothing.
    const format = await checkFileType(file, kind);
    return withDailyAllowance(user, kind, () => fromFile(settings, file, format), log);
  }
  const { fileKey, ...settings } = checkInput(generateFromUploadSchema, request.body ?? {}, 'body');
  // An upload made for the other call is refused before it is read, so it is still there for that call.
  if (uploadKindOf(fileKey) !== kind) throw new BadRequestError(AI_MESSAGES.fileTypeNotAllowed);
  await checkAttemptRate(user.id);
  // A use is taken before the upload is read (and deleted): a member with none left keeps the file.
  return withDailyAllowance(
    user,
    kind,
    async () => {
      const file = await takeUpload(user.id, fileKey);
      return fromFile(settings, file, await checkFileType(file, kind));
    },
    log,
  );
}
