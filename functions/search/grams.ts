/**
 * The character pairs of the search index (docs/search.md). A quiz's normalised search text is
 * cut into words at spaces; every character of a word is indexed with the character that follows
 * it in that word, or with nothing at the word's end. So a query word of two or more characters
 * is looked up by any of its pairs (`日本史` by `日本` or `本史`), and a single character by all the
 * entries of that character, whatever follows it.
 */
export interface Gram {
  char: string;
  /** The character after `char` in the same word; `''` at a word's end. */
  next: string;
}

/** A posting list a query reads: one pair, or (`next` absent) every entry of one character. */
export interface QueryGram {
  char: string;
  next?: string;
}

/** Code points, not UTF-16 units: a character outside the BMP (𠮷) is one character. */
const characters = (word: string) => Array.from(word);

/** A gram as one string (its character and follower), for sets and maps. */
export const gramId = (gram: Gram) => `${gram.char}${gram.next}`;

/** Every distinct pair of a normalised search text. */
export function textGrams(text: string): Map<string, Gram> {
  const grams = new Map<string, Gram>();
  for (const word of text.split(' ')) {
    const chars = characters(word);
    chars.forEach((char, index) => {
      const gram = { char, next: chars[index + 1] ?? '' };
      grams.set(gramId(gram), gram);
    });
  }
  return grams;
}

/**
 * How likely a character is to be rare in Japanese quiz text, to pick the posting lists worth
 * reading first: kanji and other scripts over katakana and Latin letters over hiragana, digits and
 * punctuation. Only a guess: the lists' real lengths decide (search.ts).
 */
function rarity(char: string): number {
  if (/\p{Script=Han}/u.test(char)) return 4;
  if (/\p{Script=Katakana}/u.test(char)) return 3;
  if (/\p{L}/u.test(char) && !/\p{Script=Hiragana}/u.test(char)) return 3;
  if (/\p{Script=Hiragana}/u.test(char)) return 1;
  return 0;
}

/** The grams of one query word: its pairs, or the character itself when it is one character long. */
export function wordGrams(word: string): QueryGram[] {
  const chars = characters(word);
  if (chars.length === 1) return [{ char: chars[0]! }];
  return chars.slice(0, -1).map((char, index) => ({ char, next: chars[index + 1]! }));
}

/**
 * The posting lists to read for a query's words, at most `max`: every word gets its likeliest
 * rare pair first (longer words first, they are more selective), then the next pairs in turn.
 * Words left without a list are still checked against each candidate's text.
 */
export function queryGrams(words: readonly string[], max: number): QueryGram[] {
  const perWord = [...words]
    .sort((a, b) => characters(b).length - characters(a).length)
    .map((word) =>
      wordGrams(word).sort(
        (a, b) => rarity(b.char) + rarity(b.next ?? '') - (rarity(a.char) + rarity(a.next ?? '')),
      ),
    );
  const chosen = new Map<string, QueryGram>();
  for (let round = 0; chosen.size < max && perWord.some((grams) => grams.length > round); round++) {
    for (const grams of perWord) {
      const gram = grams[round];
      if (gram && chosen.size < max) chosen.set(`${gram.char}\u0000${gram.next ?? ''}`, gram);
    }
  }
  return [...chosen.values()];
}
