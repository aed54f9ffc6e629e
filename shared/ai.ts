import * as z from 'zod';
import { ANSWER_LETTERS, DIFFICULTIES, LIMITS } from './constants';
import { sheetFormatOf } from './spreadsheets';

/**
 * AI quiz generation (docs/spec/core-platform.md §2, §5, §7, §8, §9; docs/spec/multiplayer-membership-study.md §5, §9): the settings and
 * request schemas, the answers, and the messages. The web form and the functions share them.
 */
export const AI_MESSAGES = {
  textTooShort: '最低10文字のテキストを入力してください',
  fileTypeNotAllowed: 'PDF、Word(.doc、.docx)ファイルのみアップロード可能です',
  fileTooLarge: 'ファイルサイズは10MBまでです',
  fileEmpty: 'ファイルが空です',
  categoryRequired: 'カテゴリを選択してください',
  categoryTooLong: `カテゴリは${LIMITS.categoryNameMaxLength}文字以内で指定してください`,
  numQuestionsRange: '問題数は1〜20の数字で指定してください',
  limitTitle: '使用制限に達しました',
  dailyLimit: (total: number) => `1日の使用制限（${total}回）に達しています。明日再度お試しください。`,
  modelCallLimit: (total: number) =>
    `AIの呼び出し回数が本日の上限（${total}回）に達しました。日本時間の0:00にリセットされます。`,
  textFailed: 'AI生成に失敗しました',
  pdfFailed: 'PDF解析に失敗しました',
  wordFailed: 'Word解析に失敗しました',
  aiBusy: 'AIが混み合っています。しばらくしてからもう一度お試しください。',
  pdfNoText:
    'PDFから文字を読み取れませんでした。画像だけのPDF（スキャンした書類など）には対応していません。文字を含むPDFをお試しください。',
  wordNoText: 'Wordファイルから文字を読み取れませんでした。本文に文字が入っているファイルをお試しください。',
  fileDamaged: 'ファイルを読み取れませんでした。壊れているか、パスワードで保護されている可能性があります。',
  notEnoughMaterial:
    'この文章からは問題を作れませんでした。用語や固有名詞を含む、もう少し長い文章をお試しください。',
  uploadMissing: 'アップロードされたファイルが見つかりません。もう一度ファイルを選択してください。',
  fileRequired: 'ファイルを選択してください',
} as const;

/**
 * Calls to the model (Amazon Bedrock) a member may make a day, whatever their outcome: a failed
 * generation gives its use of the day's generations back, so without this cap failures would be
 * free and unbounded. A generation is one call, or two when the first answer was malformed.
 */
export const AI_MODEL_CALL_LIMITS = { free: 10, withMembership: 300 } as const;

/** Where an upload goes: `pdf` is the PDF call, `word` the Word call (.doc and .docx). */
const UPLOAD_KINDS = ['pdf', 'word'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** An upload form's kind: an AI file, or `sheet`, a .csv or .xlsx for the spreadsheet import (issue 30). */
const UPLOAD_TICKET_KINDS = [...UPLOAD_KINDS, 'sheet'] as const;
export type UploadTicketKind = (typeof UPLOAD_TICKET_KINDS)[number];

/** The file picker's `accept`, and the extensions the server takes. */
export const UPLOAD_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The kind of upload a file name stands for, or null when it is not a PDF or Word file. */
export function uploadKindOf(fileName: string): UploadKind | null {
  const extension = /\.([^.]+)$/.exec(fileName.trim().toLowerCase())?.[1];
  if (extension === 'pdf') return 'pdf';
  if (extension === 'doc' || extension === 'docx') return 'word';
  return null;
}

const category = z
  .string({ error: AI_MESSAGES.categoryRequired })
  .trim()
  .min(1, AI_MESSAGES.categoryRequired)
  .max(LIMITS.categoryNameMaxLength, AI_MESSAGES.categoryTooLong);

const numQuestions = z
  .number({ error: AI_MESSAGES.numQuestionsRange })
  .int(AI_MESSAGES.numQuestionsRange)
  .min(LIMITS.aiQuestionsMin, AI_MESSAGES.numQuestionsRange)
  .max(LIMITS.aiQuestionsMax, AI_MESSAGES.numQuestionsRange);

/** The AI generation settings, as JSON sends them (numQuestions a number, never a string or a boolean). */
export const aiSettingsSchema = z.object({
  numQuestions: numQuestions.default(LIMITS.aiQuestionsDefault),
  difficulty: z.enum(DIFFICULTIES).default('中級'),
  category,
});
export type AiSettings = z.output<typeof aiSettingsSchema>;

/** A form field's text as the number of questions: digits only («1e1», «0x3» and «» are not numbers). */
export const questionCountFromText = (value: string) =>
  /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN;

/** The same settings from a multipart form, whose fields are text. */
export const aiFormSettingsSchema = aiSettingsSchema.extend({
  numQuestions: z
    .preprocess((value) => (typeof value === 'string' ? questionCountFromText(value) : value), numQuestions)
    .default(LIMITS.aiQuestionsDefault),
});

/** Longest pasted text a generation takes (longer material is better uploaded as a file). */
export const AI_TEXT_MAX_LENGTH = 50_000;

/** `POST /api/ai/generate-quiz-from-text`: numQuestions, difficulty, category, text. */
export const generateFromTextSchema = aiSettingsSchema.extend({
  text: z
    .string({ error: AI_MESSAGES.textTooShort })
    .trim()
    .min(LIMITS.aiTextMinLength, AI_MESSAGES.textTooShort)
    .max(
      AI_TEXT_MAX_LENGTH,
      `テキストは${AI_TEXT_MAX_LENGTH.toLocaleString('ja-JP')}文字以内で入力してください`,
    ),
});

/** The file calls given an uploaded object (presigned POST) instead of a multipart body. */
export const generateFromUploadSchema = z.object({
  fileKey: z.string({ error: AI_MESSAGES.fileRequired }).min(1, AI_MESSAGES.fileRequired).max(300),
  ...aiSettingsSchema.shape,
});

/** `POST /api/ai/uploads`: asks for a presigned POST for one file. */
export const uploadRequestSchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, AI_MESSAGES.fileRequired)
    .max(255)
    .refine(
      (name) => uploadKindOf(name) !== null || sheetFormatOf(name) !== null,
      AI_MESSAGES.fileTypeNotAllowed,
    ),
  size: z.number().int().min(1, AI_MESSAGES.fileEmpty).max(LIMITS.uploadMaxBytes, AI_MESSAGES.fileTooLarge),
});

/** A presigned POST: send `fields` then the file as `file` to `url`, then the key to the generation call. */
export const uploadTicketSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  kind: z.enum(UPLOAD_TICKET_KINDS),
  maxBytes: z.number(),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** `GET /api/ai/usage-limit`: canUse, remaining, total; resetAt is the next 00:00 Japan time. */
export const aiUsageLimitSchema = z.object({
  canUse: z.boolean(),
  remaining: z.number(),
  total: z.number(),
  resetAt: z.string(),
});
export type AiUsageLimit = z.infer<typeof aiUsageLimitSchema>;

export const generatedQuestionSchema = z.object({
  text: z.string(),
  options: z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string() }),
  correctAnswer: z.enum(ANSWER_LETTERS),
  explanation: z.string(),
});
export type GeneratedQuestion = z.infer<typeof generatedQuestionSchema>;

/** The answer of the three generation calls. */
export const generatedQuizSchema = z.object({
  title: z.string(),
  description: z.string(),
  questions: z.array(generatedQuestionSchema),
  /** Which generator wrote it: Amazon Bedrock, or the built-in offline generator. */
  provider: z.enum(['bedrock', 'offline']),
});
export type GeneratedQuiz = z.infer<typeof generatedQuizSchema>;
