import { AI_MESSAGES, type AiSettings, type GeneratedQuiz, type UploadKind, uploadKindOf } from '@shared/ai';
import { BadRequestError } from '../lib/errors';
import type { Member } from '../users/user-policy';
import { FAILURE_MESSAGES, generate, type GenerationContext } from './generation';
import { checkFileType, extractText, type FileFormat, type MaterialFile } from './materials';
import { takeUpload } from './uploads';
import { checkAttemptRate, withDailyAllowance } from './usage';

/** AI generation from a PDF or Word file, sent as the spec's multipart form or uploaded first. */

/** Where the file comes from: the request's form, or an earlier presigned-POST upload. */
export type FileSource =
  { settings: AiSettings; file: MaterialFile } | { settings: AiSettings; fileKey: string };

/**
 * `POST /api/ai/generate-quiz-from-pdf` and `-word`, once the handler has read and checked the
 * input. Nothing is used up before the input is known to be good; the upload is deleted once read.
 */
export async function generateFromFile(
  user: Member,
  source: FileSource,
  kind: UploadKind,
  context: GenerationContext,
): Promise<GeneratedQuiz> {
  const { log, deadline } = context;
  const fromFile = async (file: MaterialFile, format: FileFormat) => {
    const text = await extractText(file, format, log, deadline);
    return generate(user, source.settings, text, FAILURE_MESSAGES[kind], context);
  };
  if ('file' in source) {
    await checkAttemptRate(user.id);
    // The type is checked before a use is taken, so a wrong file costs nothing.
    const format = await checkFileType(source.file, kind);
    return withDailyAllowance(user, kind, () => fromFile(source.file, format), log);
  }
  // An upload made for the other call is refused before it is read, so it is still there for that call.
  if (uploadKindOf(source.fileKey) !== kind) throw new BadRequestError(AI_MESSAGES.fileTypeNotAllowed);
  await checkAttemptRate(user.id);
  // A use is taken before the upload is read (and deleted): a member with none left keeps the file.
  return withDailyAllowance(
    user,
    kind,
    async () => {
      const file = await takeUpload(user.id, source.fileKey);
      return fromFile(file, await checkFileType(file, kind));
    },
    log,
  );
}
