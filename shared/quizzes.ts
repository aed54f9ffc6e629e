import { LIMITS, type REPORT_REASONS } from './constants';

/**
 * Quizzes, their questions, favourites and reports (docs/spec/core-platform.md §3, §5, §7): the words (messages,
 * report reasons) and the search orders. Every schema of the quiz, what is sent and what is
 * answered, is in `quiz-schemas.ts`.
 */
export const QUIZ_MESSAGES = {
  titleRequired: 'タイトルは必須です',
  titleMax: 'タイトルは100文字以内で入力してください',
  descriptionRequired: '説明は必須です',
  descriptionMax: '説明は1000文字以内で入力してください',
  categoryRequiredCreate: 'カテゴリを選択してください',
  categoryRequiredEdit: 'カテゴリは必須です',
  difficultyRequired: '難易度は必須です',
  timeLimitRange: `制限時間は${LIMITS.timeLimitMinMinutes}〜${LIMITS.timeLimitMaxMinutes}分で入力してください`,
  questionsMin: '最低1問は必要です',
  questionsMax: `問題は${LIMITS.questionsPerQuizMax}問までです`,
  questionTextRequired: '質問文は必須です',
  questionTextMax: '質問文は500文字以内で入力してください',
  optionMax: '選択肢は200文字以内で入力してください',
  explanationMax: '解説は1000文字以内で入力してください',
  optionARequired: '選択肢Aは必須です',
  optionBRequired: '選択肢Bは必須です',
  correctAnswerRequired: '正解を選択してください',
  correctAnswerMissingOption: '正解に選んだ選択肢が空欄です',
  reportReasonRequired: '報告理由を選択してください',
  // Server answers
  notFound: 'クイズが見つかりません',
  privateForMembersOnly: '非公開設定はアドバンスド会員のみ利用できます',
  quotaWithMembership: 'アドバンスド会員の上限（100件）に達しました',
  quotaFree: '作成上限（3件）に達しました。アドバンスド会員なら100件まで作成可能です',
  unknownCategory: '存在しないカテゴリです',
  editConflict: 'クイズが他の操作で更新されました。画面を再読み込みしてからもう一度お試しください',
  alreadyReported: 'このクイズはすでに報告済みです。運営チームが確認します',
  savesTooFast: 'クイズの保存が多すぎます。しばらくしてからもう一度お試しください',
  reportsTooFast: '報告の送信が多すぎます。しばらくしてからもう一度お試しください',
  ownQuizReport: '自分のクイズは報告できません',
  created: 'クイズを作成しました',
  updated: 'クイズを更新しました',
  deleted: 'クイズを削除しました',
  reported: '報告が送信されました',
  // Edit history (shown to administrators)
  editWhileHidden: '非表示中の編集',
  editByAuthor: '作成者による編集',
} as const;

export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  inappropriate: '不適切な内容',
  spam: 'スパム',
  copyright: '著作権侵害',
  incorrect: '内容の誤り',
  other: 'その他',
};

export const SEARCH_SORTS = ['popular', 'newest', 'rating'] as const;
