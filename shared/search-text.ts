/**
 * Text as quiz search compares it (docs/search.md). Both the quiz's text and the query go through
 * `normalizeSearchText`: NFKC, lower case, every run of white space one space. So full-width and
 * half-width characters, upper and lower case and half-width katakana match each other
 * (`ＡＢＣ` = `abc`, `ﾃｽﾄ` = `テスト`).
 */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The text a quiz is found by: its title, description and category, normalised. */
export function quizSearchText(quiz: { title: string; description: string; category: string }): string {
  return normalizeSearchText(`${quiz.title}\n${quiz.description}\n${quiz.category}`);
}

/**
 * The words of a query: split on white space, each once. A word inside another word is dropped:
 * a text holding `日本史` holds `日本` too, so it decides nothing.
 */
export function searchWords(query: string): string[] {
  const words = [...new Set(normalizeSearchText(query).split(' ').filter(Boolean))];
  return words.filter((word) => !words.some((other) => other !== word && other.includes(word)));
}

/** Whether a normalised search text holds every word (Japanese has no spaces: substrings, not tokens). */
export const holdsEveryWord = (text: string, words: readonly string[]) =>
  words.every((word) => text.includes(word));

/** Whether every word of `query` occurs in `text` (an empty query matches everything), as the help search uses it. */
export const matchesAllWords = (text: string, query: string) =>
  holdsEveryWord(normalizeSearchText(text), searchWords(query));
