/**
 * Key terms of English sentences for the offline generator, which analyses Japanese with kuromoji
 * and has no English dictionary. Without one, the shape of the text is used:
 * - names: runs of capitalised words («Great Red Spot», «Clyde Tombaugh», «NASA»), with «of», «de»
 *   and the like inside them, without a leading «The»; a capitalised word opening a sentence is a
 *   name only when the material never writes it in lower case;
 * - numbers standing alone, with their scale and unit («4.6 billion years», «88 days», «21%»,
 *   «1930»), never digits glued to letters («4th», «CO2»);
 * - content words: lower-case words of four letters or more that are not function words or
 *   adverbs and come shortly after a determiner or preposition («the gravitational collapse», «a
 *   reddish colour»), which keeps verbs out.
 * Everything is one pass over the sentence's words, so the cost is linear in the text.
 */
interface EnglishTerm {
  /** Exactly as written in the sentence. */
  surface: string;
  kind: 'proper' | 'number' | 'noun';
  /** The sentence opens with it: it is what the sentence is about. */
  topic: boolean;
}

/** A sentence for the English reading: Latin letters, and no Japanese script at all. */
export const isEnglishSentence = (text: string) =>
  /[A-Za-z]{2}/.test(text) && !/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(text);

/** Function words and very common verbs and adjectives: never a key term. */
const STOPWORDS = new Set(
  `a about above across after again against all almost along also although always am among an and
  another any are around as at away be became because become becomes been before behind being below
  between both but by can cannot could did do does doing done down during each either else even ever
  every few first for from further gave get gets give given gives going got had has have having he her
  here hers him his how however if in including inside instead into is it its itself just known last
  later least less like made make makes many may me might more most much must my near nearly never
  next no none nor not now of off often on once one only onto or other others our out over own per
  perhaps quite rather same several shall she should since so some such than that the their theirs
  them themselves then there these they this those though three through thus to together too toward
  towards two under unless until up upon us used uses using very was we well were what whatever when
  where whereas whether which while who whom whose why will with within without would yet you your
  yours called still large small different various certain important total part parts another kind
  kinds example thing things something anything everything nothing way ways lot lots number`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words after which a noun phrase begins (a content word must follow one closely). */
const DETERMINERS = new Set(
  `a an the its their his her our your this that these those of in on at for with by from into than
  every each some many most all both such any no one two three four five six seven eight nine
  ten about between across over under through within`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower-case words inside a name: «Statue of Liberty», «Urbain Le Verrier», «Leonardo da Vinci». */
const NAME_CONNECTORS = new Set([
  'of',
  'the',
  'de',
  'da',
  'del',
  'della',
  'di',
  'du',
  'van',
  'von',
  'der',
  'den',
  'al',
  'bin',
]);

const SCALES = new Set(['hundred', 'thousand', 'million', 'billion', 'trillion']);
/** What a unit may be followed by: «465 degrees Celsius». */
const SCALE_NAMES = new Set(['Celsius', 'Fahrenheit', 'Kelvin', 'Centigrade']);

/** Units a number takes even in the singular (plural nouns after a number are counted anyway). */
const UNITS = new Set(
  `percent per cent km m cm mm kg g mg t mph kph au ly k c f km/h km/s m/s year day hour minute second
  degree metre meter kilometre kilometer mile foot feet inch pound ton tonne litre liter`
    .split(/\s+/)
    .filter(Boolean),
);

/** How many words after a determiner a content word may come (adjectives in between). */
const NOUN_PHRASE_SPAN = 3;
const CONTENT_MIN = 4;
const TERM_MAX = 40;

interface Word {
  text: string;
  kind: 'number' | 'word' | 'mark';
  start: number;
  end: number;
}

/** Numbers (1,392,000 / 4.6), words with inner apostrophes or hyphens, and single marks. */
const WORD = /\d+(?:,\d{3})*(?:\.\d+)?|\p{L}[\p{L}\p{M}]*(?:['’-][\p{L}\p{M}]+)*|\S/gu;

function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((match) => {
    const value = match[0];
    const start = match.index;
    return {
      text: value,
      kind: /^\d/.test(value) ? 'number' : /^\p{L}/u.test(value) ? 'word' : 'mark',
      start,
      end: start + value.length,
    };
  });
}

const isCapitalised = (word: Word | undefined) => word?.kind === 'word' && /^\p{Lu}/u.test(word.text);
/** Only spaces between two words (no mark, no line break): they may belong to one term. */
const joined = (text: string, left: Word, right: Word) => /^ {1,2}$/.test(text.slice(left.end, right.start));
/** Nothing between two words: «4th», «CO2», «21%». */
const touching = (left: Word | undefined, right: Word | undefined) =>
  left !== undefined && right !== undefined && left.end === right.start;

/** The name without a possessive «'s». */
const withoutPossessive = (word: string) => word.replace(/['’]s$/u, '');

/**
 * Lower-case words of English material, so a capitalised word opening a sentence can be told
 * apart: «Mercury is…» is a name, «Planets orbit…» is not when «planets» occurs elsewhere.
 */
export function lowerCaseWords(sentences: string[]): Set<string> {
  const words = new Set<string>();
  for (const sentence of sentences)
    for (const match of sentence.matchAll(/(?<![\p{L}\p{M}])\p{Ll}[\p{L}\p{M}]*/gu)) words.add(match[0]);
  return words;
}

/** The key terms of one English sentence (see the module comment). */
export function englishTermsOf(text: string, lowerCase: Set<string>): EnglishTerm[] {
  const words = wordsOf(text);
  const terms: EnglishTerm[] = [];
  const add = (surface: string, kind: EnglishTerm['kind'], at: number) => {
    if (surface.length >= 2 && surface.length <= TERM_MAX) terms.push({ surface, kind, topic: at <= 1 });
  };
  /** Words since the last determiner (Infinity: none in this phrase). */
  let sinceDeterminer = Infinity;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.kind === 'number') {
      const end = numberEnd(text, words, i);
      if (end >= i) add(text.slice(word.start, words[end]!.end), 'number', i);
      i = Math.max(i, end);
      sinceDeterminer = Infinity;
      continue;
    }
    if (word.kind === 'mark') {
      sinceDeterminer = Infinity;
      continue;
    }
    const lower = word.text.toLowerCase();
    if (isCapitalised(word) && !(i === 0 && STOPWORDS.has(lower))) {
      const end = nameEnd(text, words, i);
      const single = end === i;
      // A capitalised word opening the sentence is a name only if the text never writes it in lower case.
      if (!(single && i === 0 && lowerCase.has(lower)) && !(single && STOPWORDS.has(lower)))
        add(withoutPossessive(text.slice(word.start, words[end]!.end)), 'proper', i);
      i = end;
      sinceDeterminer = Infinity;
      continue;
    }
    if (DETERMINERS.has(lower)) {
      sinceDeterminer = 0;
      continue;
    }
    sinceDeterminer += 1;
    if (
      sinceDeterminer <= NOUN_PHRASE_SPAN &&
      /^\p{Ll}+$/u.test(word.text) &&
      word.text.length >= CONTENT_MIN &&
      !STOPWORDS.has(word.text) &&
      !SCALES.has(word.text) &&
      // Adverbs and verb forms («reclassified», «using») are not asked about.
      !/(ly|ed|ing)$/.test(word.text) &&
      words[i - 1]?.kind !== 'number' &&
      words[i + 1]?.kind !== 'number'
    )
      add(word.text, 'noun', i);
  }
  return terms;
}

/**
 * Index of the last word of the number starting at `i` (with its scale and unit), or -1 when the
 * digits are part of something else («4th», «CO2», «-140», «3:45»).
 */
function numberEnd(text: string, words: Word[], i: number): number {
  const previous = words[i - 1];
  if (touching(previous, words[i]) && previous!.kind !== 'mark') return -1;
  if (touching(previous, words[i]) && /^[-−+$€£¥#:/.]$/.test(previous!.text)) return -1;
  let end = i;
  const next = words[i + 1];
  if (next && touching(words[i], next)) {
    if (next.text === '%') return i + 1;
    if (next.kind !== 'mark' || /^[:/]$/.test(next.text)) return -1;
    return i;
  }
  const after = (at: number) => {
    const word = words[at + 1];
    return word && word.kind === 'word' && joined(text, words[at]!, word) ? word : undefined;
  };
  if (after(end) && SCALES.has(after(end)!.text)) end += 1;
  const unit = after(end);
  if (unit && isUnit(unit.text) && !touching(unit, words[end + 2])) end += 1;
  if (end > i && SCALE_NAMES.has(after(end)?.text ?? '')) end += 1;
  return end;
}

/** A unit after a number: a known one, or a plural noun («88 days», «79 moons»). */
const isUnit = (word: string) =>
  UNITS.has(word.toLowerCase()) ||
  (/^\p{Ll}{3,}s$/u.test(word) && !STOPWORDS.has(word) && !/(ss|us|is)$/.test(word));

/** Index of the last word of the name starting at `i`. */
function nameEnd(text: string, words: Word[], i: number): number {
  let end = i;
  for (let at = i + 1; at < words.length; at++) {
    const word = words[at]!;
    if (!joined(text, words[at - 1]!, word)) break;
    if (isCapitalised(word) && !/['’]s$/u.test(words[end]!.text)) {
      end = at;
      continue;
    }
    // «of», «de»… only between two capitalised words.
    if (NAME_CONNECTORS.has(word.text) && isCapitalised(words[at + 1]) && joined(text, word, words[at + 1]!))
      continue;
    break;
  }
  return end;
}
