import kuromoji, { type IpadicFeatures, type Tokenizer } from 'kuromoji';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Japanese morphological analysis with kuromoji (IPA dictionary). The dictionary is the
 * `kuromoji` package's `dict/` folder: next to the bundle in a deployed function (the stack copies
 * it there), or in node_modules locally. Building the tokenizer takes about half a second, so it
 * is built once per process.
 */
export type Token = IpadicFeatures;

function dictionaryPath(): string {
  const override = process.env.KUROMOJI_DICT_PATH;
  if (override) return override;
  const besideBundle = join(dirname(fileURLToPath(import.meta.url)), 'dict');
  if (existsSync(join(besideBundle, 'base.dat.gz'))) return besideBundle;
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('kuromoji/package.json')), 'dict');
}

let building: Promise<Tokenizer<IpadicFeatures>> | undefined;

export function japaneseTokenizer(): Promise<Tokenizer<IpadicFeatures>> {
  building ??= new Promise<Tokenizer<IpadicFeatures>>((resolve, reject) => {
    kuromoji.builder({ dicPath: dictionaryPath() }).build((error, tokenizer) => {
      if (error) reject(error);
      else resolve(tokenizer);
    });
  }).catch((error: unknown) => {
    building = undefined;
    throw error;
  });
  return building;
}

/**
 * Longest piece of text kuromoji is given at once. Its lattice builder copies the rest of the
 * piece at every position and, for a run of one character class (「AAAA…」「1111…」), builds a word
 * of the whole rest of the run from every position: time and memory grow with the square of a
 * piece's length (30,000 × 「A」 took 4.5 GB). Pieces of at most this length keep the cost linear
 * in the text; no word worth asking about is this long.
 */
export const TOKENIZE_CHUNK_MAX = 128;

/** Characters after which a piece may end without cutting a word. */
const BREAK_AFTER = /[\s、。，！？!?；;：:」』）)］\]】〉》]/u;

type Script = 'han' | 'hiragana' | 'katakana' | 'latin' | 'digit' | 'other';
function scriptOf(char: string): Script {
  if (/\p{Script=Han}/u.test(char)) return 'han';
  if (/\p{Script=Hiragana}/u.test(char)) return 'hiragana';
  if (/[\p{Script=Katakana}ー]/u.test(char)) return 'katakana';
  if (/\p{Script=Latin}/u.test(char)) return 'latin';
  if (/\p{Nd}/u.test(char)) return 'digit';
  return 'other';
}

/**
 * Where the piece of `text` starting at `start` ends: after the last break character in its
 * second half, else at the last change of script there (a word rarely spans one), else at the
 * limit, never inside a surrogate pair.
 */
function pieceEnd(text: string, start: number): number {
  const limit = start + TOKENIZE_CHUNK_MAX;
  if (limit >= text.length) return text.length;
  const floor = start + TOKENIZE_CHUNK_MAX / 2;
  for (let at = limit; at > floor; at--) if (BREAK_AFTER.test(text[at - 1]!)) return at;
  for (let at = limit; at > floor; at--)
    if (scriptOf(text[at - 1]!) !== scriptOf(text[at]!) && !isLowSurrogate(text, at)) return at;
  return isLowSurrogate(text, limit) ? limit - 1 : limit;
}

const isLowSurrogate = (text: string, at: number) => {
  const code = text.charCodeAt(at);
  return code >= 0xdc00 && code <= 0xdfff;
};

/**
 * The tokens of `text`, analysed in pieces of at most TOKENIZE_CHUNK_MAX characters cut at natural
 * boundaries (see pieceEnd), so the cost is linear in the length of the text whatever it holds.
 */
export function tokenize(tokenizer: Tokenizer<IpadicFeatures>, text: string): Token[] {
  if (text.length <= TOKENIZE_CHUNK_MAX) return tokenizer.tokenize(text);
  const tokens: Token[] = [];
  for (let start = 0; start < text.length;) {
    const end = pieceEnd(text, start);
    for (const token of tokenizer.tokenize(text.slice(start, end))) tokens.push(token);
    start = end;
  }
  return tokens;
}
