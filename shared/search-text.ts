/**
 * Japanese substring matching, as quiz search does it (docs/search.md) and wherever the web app
 * filters text: NFKC (full-width and half-width forms, half-width katakana), lower case, runs of
 * whitespace as one space. Japanese has no spaces between words, so a word matches anywhere
 * inside the text.
 */
export const normalizeForSearch = (text: string) =>
  text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The words of a query, normalised; none for an empty query. */
export const searchWords = (query: string) => normalizeForSearch(query).split(' ').filter(Boolean);

/** Whether every word of `query` occurs in `text` (an empty query matches everything). */
export const matchesAllWords = (text: string, query: string) => {
  const haystack = normalizeForSearch(text);
  return searchWords(query).every((word) => haystack.includes(word));
};
