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
import { BadRequestError, TooManyRequestsError, ValidationError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { withinRateLimit } from '../lib/rate-limit';
import type { UserItem } from '../users/user';
import { generateWithBedrock } from './bedrock-generator';
import {
  checkFileType,
  createUploadTicket,
  extractText,
  parseMultipart,
  takeUpload,
  type FileFormat,
  type MaterialFile,
} from './materials';
import { generateOffline } from './offline-generator';
import { usageLimit, withDailyAllowance } from './usage';

/**
 * AI quiz generation: the provider is Amazon Bedrock when the stage configures a model, else the
 * built-in offline generator. Every generation runs within the member's daily allowance.
 */
export const FAILURE_MESSAGES = {
  text: AI_MESSAGES.textFailed,
  pdf: AI_MESSAGES.pdfFailed,
  word: AI_MESSAGES.wordFailed,
} as const;

export function activeProvider(): GeneratedQuiz['provider'] {
  return getConfig().bedrock ? 'bedrock' : 'offline';
}

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
  const bedrock = getConfig().bedrock;
  if (bedrock) return generateWithBedrock(settings, material, { ...bedrock, log, failureMessage, deadline });
  return generateOffline(settings, material);
}

/**
 * Attempts per member and minute, failed ones included: generation is the costliest call there
 * is, and a failure gives its daily use back, so failures are bounded here.
 */
const ATTEMPTS_PER_MINUTE = 10;
const UPLOADS_PER_MINUTE = 20;

async function checkAttemptRate(purpose: string, userId: string, limit: number) {
  if (!(await withinRateLimit(`${purpose}#${userId}`, limit, 60))) throw new TooManyRequestsError();
}

/** `POST /api/ai/generate-quiz-from-text`. */
export async function generateFromText(
  user: UserItem,
  input: AiSettings & { text: string },
  context: GenerationContext,
) {
  await checkAttemptRate('ai-generate', user.id, ATTEMPTS_PER_MINUTE);
  const { text, ...settings } = input;
  return withDailyAllowance(
    user,
    'text',
    () => generate(settings, text, FAILURE_MESSAGES.text, context),
    context.log,
  );
}

/**
 * `POST /api/ai/uploads`: a presigned POST for one study file. Refused when no generation is
 * left today (the file could not be used) and when asked for too often.
 */
export async function createUpload(user: UserItem, input: { fileName: string; size: number }) {
  await checkAttemptRate('ai-upload', user.id, UPLOADS_PER_MINUTE);
  const usage = await usageLimit(user);
  if (!usage.canUse) throw new TooManyRequestsError(AI_MESSAGES.dailyLimit(usage.total));
  return createUploadTicket(user.id, input);
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
  await checkAttemptRate('ai-generate', user.id, ATTEMPTS_PER_MINUTE);
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
