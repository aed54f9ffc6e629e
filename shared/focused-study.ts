import * as z from 'zod';
import { AI_MESSAGES, AI_TEXT_MAX_LENGTH } from './ai';
import { DIFFICULTIES, LIMITS } from './constants';

/**
 * Focused study, the advanced members' study feature (docs/spec/multiplayer-membership-study.md §2, §3, §4, §5, §7, §8,
 * docs/spec/multiplayer-membership-study.md §9): its constants, messages and schemas, shared by the page and the functions. The review
 * queue (beyond the spec) is described in docs/focused-study.md.
 */
export const STUDY_QUESTION_TYPES = ['multiple_choice', 'multiple_select', 'sort_order'] as const;
export type StudyQuestionType = (typeof STUDY_QUESTION_TYPES)[number];

export const FOCUSED_STUDY = {
  /** The question count choices (docs/spec/multiplayer-membership-study.md §9) and the default. */
  questionCounts: [5, 10, 15, 20, 30],
  defaultQuestionCount: 10,
  defaultDifficulty: '中級',
  /** What a member who never saved settings starts with: all three types (docs/spec/multiplayer-membership-study.md §9). */
  defaultQuestionTypes: STUDY_QUESTION_TYPES,
  /** The stored default category (docs/spec/multiplayer-membership-study.md §3); not chosen on the page. */
  defaultCategory: '全般',
  savedSetsMax: 50,
  /** Materials a member keeps at once: generation reads at most AI_TEXT_MAX_LENGTH characters of them. */
  materialsMax: 20,
  /** Files in one upload request. */
  filesPerUpload: 5,
  textMinLength: LIMITS.aiTextMinLength,
  textMaxLength: AI_TEXT_MAX_LENGTH,
  uploadMaxBytes: LIMITS.uploadMaxBytes,
  /** Questions in one study run or saved set: the largest count choice. */
  questionsMax: 30,
  /** Options of one question (a multiple choice has 4; a list to select from or sort, 3 to 6). */
  optionsMin: 2,
  optionsMax: 6,
  /**
   * A saved set's questions in bytes of a function's reply (UTF-8, escaped as Lambda sends it): the
   * list of sets answers with every set's questions (docs/spec/multiplayer-membership-study.md §3),
   * so 50 sets must stay within a Lambda answer (6 MB).
   */
  savedSetMaxBytes: 100_000,
  /** A study run not completed within this can be neither resumed nor completed. */
  runHours: 24,
} as const;

/** The key of a question's options: A, B, C... (as many as it has). */
export const OPTION_KEYS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

export const STUDY_QUESTION_TYPE_LABELS: Record<StudyQuestionType, string> = {
  multiple_choice: '単一選択',
  multiple_select: '複数選択',
  sort_order: '並べ替え',
};

/** Prefixes of the ids of study runs the page holds itself, sent back with their questions (docs/spec/multiplayer-membership-study.md §3, §7). */
const CLIENT_SESSION_PREFIXES = ['temp_', 'retry-', 'saved_'] as const;
export const isClientRunId = (id: string) => CLIENT_SESSION_PREFIXES.some((prefix) => id.startsWith(prefix));

export const FOCUSED_STUDY_MESSAGES = {
  // Quoted by the spec (docs/spec/multiplayer-membership-study.md §5, §8)
  textTooShort: AI_MESSAGES.textTooShort,
  titleRequired: 'タイトルを入力してください',
  savedSetLimit: '保存できる問題セットは50件までです。不要な問題セットを削除してから再度お試しください。',
  retryWithoutData: '再チャレンジできる問題データがありません',
  unknownQuestionType: '不明な問題形式です',
  // Our own, in the same voice
  textTooLong: `テキストは${AI_TEXT_MAX_LENGTH.toLocaleString('ja-JP')}文字以内で入力してください`,
  fileTypeNotAllowed: AI_MESSAGES.fileTypeNotAllowed,
  fileTooLarge: AI_MESSAGES.fileTooLarge,
  filesRequired: 'アップロードするファイルを選択してください',
  tooManyFiles: `一度にアップロードできるファイルは${FOCUSED_STUDY.filesPerUpload}件までです`,
  materialLimit: `教材は${FOCUSED_STUDY.materialsMax}件まで登録できます。不要な教材を削除してから再度お試しください。`,
  materialNotFound: '教材が見つかりません',
  noMaterials: '教材がありません。先にファイルをアップロードするか、テキストを追加してください。',
  runNotFound: '学習セッションが見つかりません。もう一度学習を開始してください。',
  runCompleted: 'この学習セッションはすでに完了しています',
  runUnfinished: '途中の学習があります。「続きから」で再開するか、「新しく始める」を選んでください。',
  runStarting: '学習の問題を作成しています。少し待ってから、もう一度お試しください。',
  answerNotInSession: 'この学習にない問題への回答です',
  answerMismatch: '回答の形式が問題と合っていません',
  questionIndexInvalid: '問題の番号が正しくありません',
  questionsRequired: '問題データを送信してください',
  duplicateQuestion: '同じIDの問題が含まれています',
  tooManyQuestions: `問題は${FOCUSED_STUDY.questionsMax}問までです`,
  setNotFound: '問題セットが見つかりません',
  setTooLarge: '問題セットが大きすぎます。問題数や文章の長さを減らしてください。',
  questionNotFound: '問題が見つかりません',
  optionKeysChanged: '選択肢の数は変更できません',
  noDueReviews: '今日復習する問題はありません',
  questionTextRequired: '問題文を入力してください',
  optionRequired: '選択肢を入力してください',
  optionsDistinct: '選択肢はそれぞれ異なる内容にしてください',
  // Toasts of the page (docs/spec/multiplayer-membership-study.md §8: each call has a failure toast; the wording is ours)
  uploadFailed: 'ファイルのアップロードに失敗しました',
  deleteMaterialFailed: '教材の削除に失敗しました',
  addTextFailed: 'テキストの追加に失敗しました',
  settingsFailed: '設定の保存に失敗しました',
  startFailed: '学習の開始に失敗しました',
  generateFailed: '新しい問題の生成に失敗しました',
  completeFailed: '結果の送信に失敗しました',
  saveSetFailed: '問題セットの保存に失敗しました',
  updateSetFailed: '問題セットの更新に失敗しました',
  deleteSetFailed: '問題セットの削除に失敗しました',
  favoriteFailed: 'お気に入りの変更に失敗しました',
  startSavedFailed: '問題セットの開始に失敗しました',
  updateQuestionFailed: '問題の更新に失敗しました',
  reviewFailed: '復習の開始に失敗しました',
  discardFailed: '途中の学習の破棄に失敗しました',
  progressFailed: '回答を保存できませんでした。通信状態を確認してください。',
  runGone: 'この学習は別の画面で完了したか、破棄されました',
  // Successes
  uploaded: '教材を追加しました',
  textAdded: 'テキストを教材に追加しました',
  materialDeleted: '教材を削除しました',
  settingsSaved: '設定を保存しました',
  setSaved: '問題セットを保存しました',
  setUpdated: '問題セットを更新しました',
  setDeleted: '問題セットを削除しました',
  questionUpdated: '問題を更新しました',
  runDiscarded: '途中の学習を破棄しました',
} as const;

// ---------------------------------------------------------------- questions

const optionKey = z.enum(OPTION_KEYS);
export type OptionKey = z.infer<typeof optionKey>;

/** An id the page and the server both use as a key: letters, digits, `_`, `-` and `~`. */
const studyIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w~-]+$/);

const questionText = z
  .string({ error: FOCUSED_STUDY_MESSAGES.questionTextRequired })
  .trim()
  .min(1, FOCUSED_STUDY_MESSAGES.questionTextRequired)
  .max(500, '問題文は500文字以内で入力してください');
const optionLabel = z
  .string({ error: FOCUSED_STUDY_MESSAGES.optionRequired })
  .trim()
  .min(1, FOCUSED_STUDY_MESSAGES.optionRequired)
  .max(200, '選択肢は200文字以内で入力してください');
const explanation = z.string().trim().max(1000, '解説は1000文字以内で入力してください');

/** Options keyed A, B, C... in order, 2 to 6 of them, each different. */
const optionsSchema = z.partialRecord(optionKey, optionLabel).superRefine((options, context) => {
  const keys = Object.keys(options);
  const expected = OPTION_KEYS.slice(0, keys.length);
  if (
    keys.length < FOCUSED_STUDY.optionsMin ||
    keys.length > FOCUSED_STUDY.optionsMax ||
    !expected.every((key) => key in options)
  )
    context.addIssue({ code: 'custom', message: '選択肢はA、B、C…の順に2〜6個にしてください' });
  if (new Set(Object.values(options)).size !== keys.length)
    context.addIssue({ code: 'custom', message: FOCUSED_STUDY_MESSAGES.optionsDistinct });
});

const questionBase = {
  id: studyIdSchema,
  text: questionText,
  options: optionsSchema,
  explanation: explanation.default(''),
};

/**
 * A study question (docs/spec/multiplayer-membership-study.md §3): a multiple choice has one key as its answer, a multiple select a list
 * of keys, a sort order every key in the right order. Any other type is refused with the spec's
 * message.
 */
export const studyQuestionSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ ...questionBase, type: z.literal('multiple_choice'), correctAnswer: optionKey }),
      z.object({
        ...questionBase,
        type: z.literal('multiple_select'),
        correctAnswer: z.array(optionKey).min(1).max(FOCUSED_STUDY.optionsMax),
      }),
      z.object({
        ...questionBase,
        type: z.literal('sort_order'),
        correctAnswer: z.array(optionKey).min(FOCUSED_STUDY.optionsMin).max(FOCUSED_STUDY.optionsMax),
      }),
    ],
    { error: FOCUSED_STUDY_MESSAGES.unknownQuestionType },
  )
  .superRefine((question, context) => {
    const keys = Object.keys(question.options);
    const answer = Array.isArray(question.correctAnswer) ? question.correctAnswer : [question.correctAnswer];
    const consistent =
      answer.every((key) => keys.includes(key)) &&
      new Set(answer).size === answer.length &&
      (question.type !== 'sort_order' || answer.length === keys.length);
    if (!consistent)
      context.addIssue({ code: 'custom', path: ['correctAnswer'], message: '正解が選択肢と合っていません' });
  });
export type StudyQuestion = z.infer<typeof studyQuestionSchema>;

/** A member's answer to one question: a key, or a list of keys (selected, or in the order given). */
const studyAnswerSchema = z.union([optionKey, z.array(optionKey).max(FOCUSED_STUDY.optionsMax)]);
export type StudyAnswer = z.infer<typeof studyAnswerSchema>;

const questionList = z
  .array(studyQuestionSchema)
  .min(1, FOCUSED_STUDY_MESSAGES.questionsRequired)
  .max(FOCUSED_STUDY.questionsMax, FOCUSED_STUDY_MESSAGES.tooManyQuestions)
  .refine(
    (questions) => new Set(questions.map((question) => question.id)).size === questions.length,
    FOCUSED_STUDY_MESSAGES.duplicateQuestion,
  );

// ---------------------------------------------------------------- settings

const questionCount = z.literal(FOCUSED_STUDY.questionCounts, {
  error: '出題数は5、10、15、20、30のいずれかを選んでください',
});

const questionTypes = z
  .array(z.enum(STUDY_QUESTION_TYPES, { error: FOCUSED_STUDY_MESSAGES.unknownQuestionType }))
  .min(1, '問題形式を1つ以上選んでください')
  .max(STUDY_QUESTION_TYPES.length)
  .transform((types) => STUDY_QUESTION_TYPES.filter((type) => types.includes(type)));

/** `GET /api/focused-study/settings` (docs/spec/multiplayer-membership-study.md §3). */
export const studySettingsSchema = z.object({
  dailyQuestionCount: z.number(),
  difficulty: z.enum(DIFFICULTIES),
  questionTypes: z.array(z.enum(STUDY_QUESTION_TYPES)),
});
export type StudySettings = z.infer<typeof studySettingsSchema>;

/** `PUT /api/focused-study/settings`: any of the three (docs/spec/multiplayer-membership-study.md §7). */
export const updateStudySettingsSchema = z
  .object({
    dailyQuestionCount: questionCount,
    difficulty: z.enum(DIFFICULTIES, { error: '難易度は初級・中級・上級から選んでください' }),
    questionTypes,
  })
  .partial();
export type StudySettingsChanges = z.input<typeof updateStudySettingsSchema>;

// ---------------------------------------------------------------- materials

const MATERIAL_KINDS = ['pdf', 'word', 'text'] as const;

/** A material as the page lists it (docs/spec/multiplayer-membership-study.md §3): id, name, size in bytes, uploadedAt; and its kind. */
export const studyMaterialSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
  kind: z.enum(MATERIAL_KINDS),
});
export type StudyMaterial = z.infer<typeof studyMaterialSchema>;

/** `POST /api/focused-study/add-text`: at least 10 characters once trimmed (docs/spec/multiplayer-membership-study.md §5). */
export const addTextSchema = z.object({
  text: z
    .string({ error: FOCUSED_STUDY_MESSAGES.textTooShort })
    .trim()
    .min(FOCUSED_STUDY.textMinLength, FOCUSED_STUDY_MESSAGES.textTooShort)
    .max(FOCUSED_STUDY.textMaxLength, FOCUSED_STUDY_MESSAGES.textTooLong),
});

/** `POST /api/focused-study/upload-pdf` as JSON: files uploaded first by presigned POST. */
export const uploadedMaterialsSchema = z.object({
  fileKeys: z
    .array(z.string().min(1).max(300))
    .min(1, FOCUSED_STUDY_MESSAGES.filesRequired)
    .max(FOCUSED_STUDY.filesPerUpload, FOCUSED_STUDY_MESSAGES.tooManyFiles),
  /** The names the member's files had (the upload keys do not keep them), in the same order. */
  fileNames: z.array(z.string().trim().min(1).max(255)).max(FOCUSED_STUDY.filesPerUpload).optional(),
});

export const materialIdParamsSchema = z.object({ id: studyIdSchema });

// ---------------------------------------------------------------- study runs

/** A study run to answer (docs/spec/multiplayer-membership-study.md §3): its questions in order, and the place to answer from. */
export const studyRunSchema = z.object({
  id: z.string(),
  questions: z.array(studyQuestionSchema),
  currentQuestionIndex: z.number(),
  startedAt: z.string(),
});
export type StudyRun = z.infer<typeof studyRunSchema>;

/** A study run's id: the server's, or the page's own (`temp_…`, `retry-…`, `saved_…`). */
const runIdSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[\w~-]+$/);

export const runIdParamsSchema = z.object({ sessionId: runIdSchema });

/** Question id → answer; an unanswered question is simply left out. */
const answersSchema = z
  .record(studyIdSchema, studyAnswerSchema)
  .refine((answers) => Object.keys(answers).length <= FOCUSED_STUDY.questionsMax, {
    message: FOCUSED_STUDY_MESSAGES.tooManyQuestions,
  });

/**
 * The body of the calls that start a server study run (`start-session`, `generate-new-questions`,
 * `start-review-session`; the spec shows none): `replacing` names the unfinished study run the
 * member chose to discard (「新しく始める」). Without it, a start while a study run is unfinished
 * is refused (409), so nothing is generated twice for one study run.
 */
export const startRunSchema = z.object({ replacing: runIdSchema.optional() });
export type StartRunInput = z.infer<typeof startRunSchema>;

/**
 * `PUT /api/focused-study/sessions/{sessionId}/progress`: the answers the member has given so far
 * and the question they are on. A page-held study run sends its questions until the server keeps them.
 */
export const runProgressSchema = z.object({
  answers: answersSchema,
  currentQuestionIndex: z
    .number({ error: FOCUSED_STUDY_MESSAGES.questionIndexInvalid })
    .int(FOCUSED_STUDY_MESSAGES.questionIndexInvalid)
    .min(0, FOCUSED_STUDY_MESSAGES.questionIndexInvalid)
    .max(FOCUSED_STUDY.questionsMax - 1, FOCUSED_STUDY_MESSAGES.questionIndexInvalid),
  questions: questionList.optional(),
});
export type RunProgressInput = z.infer<typeof runProgressSchema>;

/** What kind of study run is unfinished: today's questions, a review, a saved set's replay or a retry. */
export const UNFINISHED_SESSION_KINDS = ['study', 'review', 'saved', 'retry'] as const;

/**
 * `GET /api/focused-study/unfinished-session`: the member's study run that is started and neither
 * completed, discarded nor older than 24 hours, with the answers given so far and the question
 * to go on from; or null. (`latest-session` keeps the spec's meaning: the last completed one.)
 */
export const unfinishedRunSchema = studyRunSchema
  .extend({
    kind: z.enum(UNFINISHED_SESSION_KINDS),
    userAnswers: z.record(z.string(), studyAnswerSchema),
  })
  .nullable();
export type UnfinishedRun = NonNullable<z.infer<typeof unfinishedRunSchema>>;

/** `PUT …/sessions/{sessionId}/progress`: when the server took it. */
export const progressSavedSchema = z.object({ savedAt: z.string() });

/** `POST /api/focused-study/complete-session` (docs/spec/multiplayer-membership-study.md §7). */
export const completeRunSchema = z.object({
  sessionId: runIdSchema,
  answers: answersSchema,
  /** Required for `temp_`, `retry-` and `saved_` study runs, which the page holds itself. */
  questions: questionList.optional(),
});
export type CompleteRunInput = z.infer<typeof completeRunSchema>;

/** The answer of a completion (docs/spec/multiplayer-membership-study.md §3 "Session result"), with each question's verdict. */
export const runResultSchema = z.object({
  score: z.number(),
  totalQuestions: z.number(),
  accuracy: z.number(),
  questions: z.array(studyQuestionSchema),
  userAnswers: z.record(z.string(), studyAnswerSchema),
  results: z.array(z.object({ questionId: z.string(), isCorrect: z.boolean() })),
  completedAt: z.string(),
});
export type RunResult = z.infer<typeof runResultSchema>;

/** `GET /api/focused-study/latest-session`: the last completed study run, or null. */
export const latestRunSchema = z
  .object({
    completedAt: z.string(),
    score: z.number(),
    totalQuestions: z.number(),
    questions: z.array(studyQuestionSchema),
    userAnswers: z.record(z.string(), studyAnswerSchema),
  })
  .nullable();

// ---------------------------------------------------------------- saved sets

const setTitle = z
  .string({ error: FOCUSED_STUDY_MESSAGES.titleRequired })
  .trim()
  .min(1, FOCUSED_STUDY_MESSAGES.titleRequired)
  .max(100, 'タイトルは100文字以内で入力してください');
const setDescription = z.string().trim().max(500, '説明は500文字以内で入力してください');

/** `POST /api/focused-study/save-question-set` (docs/spec/multiplayer-membership-study.md §7): title required, description optional. */
export const saveQuestionSetSchema = z.object({
  title: setTitle,
  description: setDescription.default(''),
  difficulty: z.enum(DIFFICULTIES).default(FOCUSED_STUDY.defaultDifficulty),
  questions: questionList,
});

/** `PUT /api/focused-study/saved-question-sets/{setId}`: title and description. */
export const updateQuestionSetSchema = z.object({ title: setTitle, description: setDescription.default('') });

/** `PUT …/{setId}/favorite`: sets it when given, else turns it over. */
export const favoriteSetSchema = z.object({ isFavorite: z.boolean().optional() });

/** `PUT …/{setId}/questions/{questionId}`: text, options (the same keys) and explanation. */
export const updateSetQuestionSchema = z.object({
  text: questionText,
  options: optionsSchema,
  explanation: explanation.default(''),
});

export const setIdParamsSchema = z.object({ setId: studyIdSchema });
export const setQuestionParamsSchema = z.object({ setId: studyIdSchema, questionId: studyIdSchema });

/** A saved set as listed (docs/spec/multiplayer-membership-study.md §3). */
export const savedQuestionSetSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  questionCount: z.number(),
  isFavorite: z.boolean(),
  playCount: z.number(),
  estimatedTime: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastPlayedAt: z.string().nullable(),
  questions: z.array(studyQuestionSchema),
});
export type SavedQuestionSet = z.infer<typeof savedQuestionSetSchema>;

// ---------------------------------------------------------------- review queue

/** `GET /api/focused-study/review-queue`: what is due today (Japan time) and what comes later. */
export const reviewQueueSchema = z.object({
  dueToday: z.number(),
  scheduled: z.number(),
  nextReviewDate: z.string().nullable(),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;
