/**
 * The Japanese texts of quiz plays (docs/spec/core-platform.md §7), apart from their schemas
 * (`shared/attempts.ts`, which exports them again): every quiz route's rules answer with them, and
 * with the schemas each of their cold starts built the plays' schemas too (docs/decisions.md,
 * "Issue 28: a cold start loads its own route").
 */
export const ATTEMPT_MESSAGES = {
  saved: 'クイズ完了！',
  ratingRange: '評価は1〜5で選んでください',
  rated: '評価ありがとうございます！',
  notFound: '受験記録が見つかりません',
  questionNotFound: '問題が見つかりません',
  checkTooFast: '答え合わせの回数が多すぎます。しばらくしてからもう一度お試しください。',
  playsTooFast: 'クイズの完了が多すぎます。しばらくしてからもう一度お試しください。',
} as const;
