import * as z from 'zod';
import { ANSWER_LETTERS, DIFFICULTIES, LIMITS, REPORT_REASONS } from './constants';

/**
 * Quizzes, their questions, favourites and reports (core-platform §3, §5, §7). The creation and
 * edit forms and the functions validate with these same schemas.
 */
export const QUIZ_MESSAGES = {
  titleRequired: 'タイトルは必須です',
  titleMax: 'タイトルは100文字以内で入力してください',
  descriptionRequired: '説明は必須です',
  descriptionMax: '説明は1000文字以内で入力してください',
  categoryRequiredCreate: 'カテゴリを選択してください',
  categoryRequiredEdit: 'カテゴリは必須です',
  difficultyRequired: '難易度は必須です',
  timeLimitRange: '制限時間は1〜60分で入力してください',
  questionsMin: '最低1問は必要です',
  questionsMax: '問題は50問までです',
  questionTextRequired: '質問文は必須です',
  optionARequired: '選択肢Aは必須です',
  optionBRequired: '選択肢Bは必須です',
  correctAnswerRequired: '正解を選択してください',
  correctAnswerMissingOption: '正解に選んだ選択肢が空欄です',
  reportReasonRequired: '報告理由を選択してください',
  // Server answers
  notFound: 'クイズが見つかりません',
  privateProOnly: '非公開設定はアドバンスド会員のみ利用できます',
  quotaPro: 'アドバンスド会員の上限（100件）に達しました',
  quotaFree: '作成上限（3件）に達しました。アドバンスド会員なら100件まで作成可能です',
  unknownCategory: '存在しないカテゴリです',
  editConflict: 'クイズが他の操作で更新されました。画面を再読み込みしてからもう一度お試しください',
  alreadyReported: 'このクイズはすでに報告済みです。運営チームが確認します',
  ownQuizReport: '自分のクイズは報告できません',
  created: 'クイズを作成しました',
  updated: 'クイズを更新しました',
  deleted: 'クイズを削除しました',
  reported: '報告が送信されました',
} as const;

const m = QUIZ_MESSAGES;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const questionInputSchema = z
  .object({
    questionText: z.string({ error: m.questionTextRequired }).trim().min(1, m.questionTextRequired).max(500),
    optionA: z.string({ error: m.optionARequired }).trim().min(1, m.optionARequired).max(200),
    optionB: z.string({ error: m.optionBRequired }).trim().min(1, m.optionBRequired).max(200),
    optionC: optionalText(200),
    optionD: optionalText(200),
    correctAnswer: z.enum(ANSWER_LETTERS, { error: m.correctAnswerRequired }).default('A'),
    explanation: optionalText(1000),
  })
  .refine(
    (question) =>
      (question.correctAnswer !== 'C' || question.optionC !== null) &&
      (question.correctAnswer !== 'D' || question.optionD !== null),
    { message: m.correctAnswerMissingOption, path: ['correctAnswer'] },
  );
export type QuestionInput = z.input<typeof questionInputSchema>;

const questions = z
  .array(questionInputSchema, { error: m.questionsMin })
  .min(1, m.questionsMin)
  .max(50, m.questionsMax);

const title = z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(100, m.titleMax);

/** `POST /api/quizzes`: `{ quiz: {title, description, category, difficulty, isPublished}, questions }`. */
export const createQuizSchema = z.object({
  quiz: z.object(
    {
      title,
      description: z
        .string({ error: m.descriptionRequired })
        .trim()
        .min(1, m.descriptionRequired)
        .max(1000, m.descriptionMax),
      category: z
        .string({ error: m.categoryRequiredCreate })
        .trim()
        .min(1, m.categoryRequiredCreate)
        .max(LIMITS.categoryNameMaxLength),
      difficulty: z.enum(DIFFICULTIES, { error: m.difficultyRequired }).default('中級'),
      timeLimit: z.coerce
        .number()
        .int()
        .min(LIMITS.timeLimitMinMinutes, m.timeLimitRange)
        .max(LIMITS.timeLimitMaxMinutes, m.timeLimitRange)
        .default(LIMITS.timeLimitDefaultMinutes),
      isPublished: z.boolean().default(true),
    },
    { error: m.titleRequired },
  ),
  questions,
});
export type CreateQuizInput = z.input<typeof createQuizSchema>;
export type CreateQuizData = z.output<typeof createQuizSchema>;

/** `PUT /api/quizzes/{id}`: the edit form (description optional, time limit 1–60). */
export const updateQuizSchema = z.object({
  quiz: z.object(
    {
      title,
      description: z
        .string()
        .trim()
        .max(1000, m.descriptionMax)
        .nullish()
        .transform((value) => value ?? ''),
      category: z
        .string({ error: m.categoryRequiredEdit })
        .trim()
        .min(1, m.categoryRequiredEdit)
        .max(LIMITS.categoryNameMaxLength),
      difficulty: z.enum(DIFFICULTIES, { error: m.difficultyRequired }),
      timeLimit: z.coerce
        .number({ error: m.timeLimitRange })
        .int(m.timeLimitRange)
        .min(LIMITS.timeLimitMinMinutes, m.timeLimitRange)
        .max(LIMITS.timeLimitMaxMinutes, m.timeLimitRange),
      isPublished: z.boolean().default(true),
    },
    { error: m.titleRequired },
  ),
  questions,
});
export type UpdateQuizInput = z.input<typeof updateQuizSchema>;
export type UpdateQuizData = z.output<typeof updateQuizSchema>;

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: m.reportReasonRequired }),
  details: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((value) => value || null),
  /** The home variant also sends reportedBy; the server always uses the session's user. */
  reportedBy: z.unknown().optional(),
});
export type ReportInput = z.input<typeof reportSchema>;

export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  inappropriate: '不適切な内容',
  spam: 'スパム',
  copyright: '著作権侵害',
  incorrect: '内容の誤り',
  other: 'その他',
};

export const quizIdParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, m.notFound),
});

export const SEARCH_SORTS = ['popular', 'newest', 'rating'] as const;

export const quizListQuerySchema = z.object({
  category: z.string().trim().max(LIMITS.categoryNameMaxLength).optional(),
  difficulty: z.enum(DIFFICULTIES).optional().catch(undefined),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.homeQuizListLimit)
    .default(LIMITS.homeQuizListLimit)
    .catch(LIMITS.homeQuizListLimit),
});

export const quizSearchQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  category: z.string().trim().max(LIMITS.categoryNameMaxLength).optional(),
  difficulty: z.enum(DIFFICULTIES).optional().catch(undefined),
  sort: z.enum(SEARCH_SORTS).default('popular').catch('popular'),
});

/** A question as the play page receives it. */
export interface Question {
  id: string;
  questionText: string;
  optionA: string;
  optionB: string;
  optionC: string | null;
  optionD: string | null;
  correctAnswer: (typeof ANSWER_LETTERS)[number];
  explanation: string | null;
  order: number;
}

/** A quiz as lists show it. */
export interface QuizSummary {
  id: string;
  title: string;
  description: string;
  category: string;
  difficulty: (typeof DIFFICULTIES)[number];
  timeLimit: number;
  questionCount: number;
  participantCount: number;
  totalPlayers: number;
  averageRating: number;
  authorId: string;
  authorName: string;
  isPublished: boolean;
  isHidden: boolean;
  reportCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface QuizDetail extends QuizSummary {
  questions: Question[];
}
