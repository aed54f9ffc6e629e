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
import { generateWithBedrock } from './bedrock-generator';
import { checkFileType, extractText, parseMultipart, takeUpload, type MaterialFile } from './materials';
import { generateOffline } from './offline-generator';
import { withDailyAllowance } from './usage';

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

async function generate(settings: AiSettings, material: string, failureMessage: string, log: Logger) {
  const bedrock = getConfig().bedrock;
  if (bedrock) return generateWithBedrock(settings, material, { ...bedrock, log, failureMessage });
  return generateOffline(settings, material);
}

/** `POST /api/ai/generate-quiz-from-text`. */
export function generateFromText(user: UserItem, input: AiSettings & { text: string }, log: Logger) {
  const { text, ...settings } = input;
  return withDailyAllowance(user, 'text', () => generate(settings, text, FAILURE_MESSAGES.text, log), log);
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

interface FileRequest {
  user: UserItem;
  rawBody: Buffer | undefined;
  body: unknown;
  headers: Record<string, string | undefined>;
  log: Logger;
}

/**
 * `POST /api/ai/generate-quiz-from-pdf` and `-word`: either the spec's multipart form (file part
 * `pdf` / `word`) or JSON naming a presigned-POST upload (`fileKey`). Input is checked before
 * anything is used up; the upload is deleted once read.
 */
export async function generateFromFile(request: FileRequest, kind: UploadKind): Promise<GeneratedQuiz> {
  const contentType = request.headers['content-type'] ?? '';
  let settings: AiSettings;
  let file: MaterialFile;
  if (/^multipart\/form-data/i.test(contentType)) {
    if (!request.rawBody) throw new BadRequestError(AI_MESSAGES.fileRequired);
    const form = await parseMultipart(request.rawBody, contentType, kind);
    settings = parse(aiSettingsSchema, form.fields);
    if (!form.file) throw new BadRequestError(AI_MESSAGES.fileRequired);
    file = form.file;
  } else {
    const { fileKey, ...rest } = parse(generateFromUploadSchema, request.body ?? {});
    settings = rest;
    file = await takeUpload(request.user.id, fileKey);
  }
  const format = checkFileType(file, kind);
  return withDailyAllowance(
    request.user,
    kind,
    async () => {
      const text = await extractText(file, format, request.log);
      return generate(settings, text, FAILURE_MESSAGES[kind], request.log);
    },
    request.log,
  );
}
