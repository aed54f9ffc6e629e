import type * as z from 'zod';
import {
  AI_MESSAGES,
  aiSettingsSchema,
  generateFromUploadSchema,
  type AiSettings,
  type GeneratedQuiz,
  type UploadKind,
} from '@shared/ai';
import { getConfig } from '../lib/config';
import { BadRequestError, ValidationError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { UserItem } from '../users/user';
import type { FileFormat, MaterialFile } from './materials';
import { checkAttemptRate, withDailyAllowance } from './usage';

/**
 * AI quiz generation: the provider is Amazon Bedrock when the stage configures a model, else the
 * built-in offline generator. Every generation runs within the member's daily allowance.
 */
export const FAILURE_MESSAGES = {
  text: AI_MESSAGES.textFailed,
  pdf: AI_MESSAGES.pdfFailed,
  word: AI_MESSAGES.wordFailed,
} as const;

interface GenerationContext {
  log: Logger;
  /** When the reply must be sent (epoch ms). */
  deadline: number;
}

async function generate(
  settings: AiSettings,
  material: string,
  failureMessage: string,
  { log, deadline }: GenerationContext,
) {
  // Each provider is loaded when first used, not at cold start (a function uses only one).
  const bedrock = getConfig().bedrock;
  if (bedrock) {
    const { generateWithBedrock } = await import('./bedrock-generator');
    return generateWithBedrock(settings, material, { ...bedrock, log, failureMessage, deadline });
  }
  const { generateOffline } = await import('./offline-generator');
  return generateOffline(settings, material);
}

/** `POST /api/ai/generate-quiz-from-text`. */
export async function generateFromText(
  user: UserItem,
  input: AiSettings & { text: string },
  context: GenerationContext,
) {
  await checkAttemptRate(user.id);
  const { text, ...settings } = input;
  return withDailyAllowance(
    user,
    'text',
    () => generate(settings, text, FAILURE_MESSAGES.text, context),
    context.log,
  );
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue) => ({
      path: ['body', ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  );
}

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
  await checkAttemptRate(user.id);
  const { checkFileType, extractText, parseMultipart, takeUpload } = await import('./materials');
  const fromFile = async (settings: AiSettings, file: MaterialFile, format: FileFormat) => {
    const text = await extractText(file, format, log);
    return generate(settings, text, FAILURE_MESSAGES[kind], context);
  };
  const contentType = request.headers['content-type'] ?? '';
  if (/^multipart\/form-data/i.test(contentType)) {
    if (!request.rawBody) throw new BadRequestError(AI_MESSAGES.fileRequired);
    const form = await parseMultipart(request.rawBody, contentType, kind);
    const settings = parse(aiSettingsSchema, form.fields);
    const file = form.file;
    if (!file) throw new BadRequestError(AI_MESSAGES.fileRequired);
    // The type is checked before a use is taken, so a wrong file costs nothing.
    const format = checkFileType(file, kind);
    return withDailyAllowance(user, kind, () => fromFile(settings, file, format), log);
  }
  const { fileKey, ...settings } = parse(generateFromUploadSchema, request.body ?? {});
  // A use is taken before the upload is read (and deleted): a member with none left keeps the file.
  return withDailyAllowance(
    user,
    kind,
    async () => {
      const file = await takeUpload(user.id, fileKey);
      return fromFile(settings, file, checkFileType(file, kind));
    },
    log,
  );
}
