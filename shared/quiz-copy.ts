/**
 * A copy of a whole quiz (`POST /api/quizzes/{id}/duplicate`, issue 30): its words and its title.
 */
export const QUIZ_COPY_MESSAGES = {
  duplicated: 'クイズを複製しました',
  hiddenQuiz: '非表示にされたクイズは複製できません',
} as const;

const COPY_SUFFIX = '（コピー）';

/** A title's longest length, as the quiz forms' schema counts it (UTF-16 code units). */
export const TITLE_MAX_LENGTH = 100;

/**
 * The copy's title: the quiz's title with 「（コピー）」, the title shortened as needed so the whole
 * stays within `TITLE_MAX_LENGTH` (so the copy can be edited and saved as it is), never cutting a
 * character in half.
 */
export function copyTitle(title: string): string {
  const room = TITLE_MAX_LENGTH - COPY_SUFFIX.length;
  let kept = '';
  for (const character of title.trim()) {
    if (kept.length + character.length > room) break;
    kept += character;
  }
  return `${kept}${COPY_SUFFIX}`;
}
