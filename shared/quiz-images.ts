import * as z from 'zod';

/**
 * Images in questions (issue 30): the limits, the words and the schemas of a question's picture,
 * from the upload form to what a player reads. One picture per question; the server re-encodes
 * every upload (quiz-image-processing.ts) and serves it under {@link QUIZ_IMAGE_PATH}.
 */

/** The kinds of file a question's picture may be uploaded as (checked again by their bytes). */
export const QUIZ_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type QuizImageType = (typeof QUIZ_IMAGE_TYPES)[number];

export const QUIZ_IMAGE_LIMITS = {
  /** An upload's size (the presigned POST's content-length-range, checked again on save). */
  maxBytes: 5 * 1024 * 1024,
  /** The stored picture's width at most (phones and the play page never show it wider). */
  maxWidth: 1280,
  /** Pixels a picture may decode to (a 5 MB file of 100,000 × 100,000 is a decompression bomb). */
  maxInputPixels: 50_000_000,
  /** Either side of an uploaded picture at most. */
  maxSide: 12_000,
  altMax: 200,
  /** Upload tickets a member may ask for in a minute (a quiz has at most 50 questions). */
  uploadsPerMinute: 60,
} as const;

/** Where pictures are served, on the site's own origin (CloudFront; locally the gateway). */
export const QUIZ_IMAGE_PATH = '/quiz-images/';

export const QUIZ_IMAGE_MESSAGES = {
  typeNotAllowed: '画像はJPEG・PNG・WebPのいずれかを選んでください',
  tooLarge: '画像は5MB以下にしてください',
  notAnImage: '画像ファイルとして読み込めませんでした。JPEG・PNG・WebPの画像を選んでください',
  dimensionsTooLarge: `画像の縦横が大きすぎます（${QUIZ_IMAGE_LIMITS.maxSide.toLocaleString('en-US')}ピクセルまで）`,
  uploadMissing: '画像が見つかりません。もう一度アップロードしてください',
  altRequired: '画像の説明（代替テキスト）を入力してください',
  altMax: `画像の説明は${QUIZ_IMAGE_LIMITS.altMax}文字以内で入力してください`,
  uploadTooFast: '画像のアップロードが多すぎます。しばらくしてからもう一度お試しください',
} as const;

const m = QUIZ_IMAGE_MESSAGES;

/** A question's picture as every read carries it: where it is, its size (no layout shift) and its alt text. */
export const questionImageSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
});
export type QuestionImage = z.infer<typeof questionImageSchema>;

/**
 * A question's picture as create and edit send it: the key of a fresh upload of the author's (or
 * of the quiz's current picture, {@link quizImageKeyOf} its url) and its alt text.
 */
export const questionImageInputSchema = z.object(
  {
    key: z
      .string({ error: m.uploadMissing })
      .min(1, m.uploadMissing)
      .max(200, m.uploadMissing)
      .regex(/^[\w./-]+$/, m.uploadMissing)
      .refine((key) => !key.includes('..'), m.uploadMissing),
    alt: z
      .string({ error: m.altRequired })
      .trim()
      .min(1, m.altRequired)
      .max(QUIZ_IMAGE_LIMITS.altMax, m.altMax),
  },
  { error: m.altRequired },
);
export type QuestionImageInput = z.infer<typeof questionImageInputSchema>;

/** `POST /api/quizzes/images/uploads`: the file the browser is about to upload. */
export const quizImageUploadRequestSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  size: z
    .number({ error: m.tooLarge })
    .int()
    .min(1, m.notAnImage)
    .max(QUIZ_IMAGE_LIMITS.maxBytes, m.tooLarge),
  contentType: z.enum(QUIZ_IMAGE_TYPES, { error: m.typeNotAllowed }),
});
export type QuizImageUploadRequest = z.infer<typeof quizImageUploadRequestSchema>;

/** The presigned POST: the form's URL and fields (the file goes last), and the key to send on save. */
export const quizImageUploadTicketSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
});
export type QuizImageUploadTicket = z.infer<typeof quizImageUploadTicketSchema>;

/** The key a picture's url names (the edit form sends the current picture back by its key). */
export const quizImageKeyOf = (url: string) => url.replace(/^\//, '');
