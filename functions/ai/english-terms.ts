import type { FoundTerm } from './key-terms';
import { englishNameClass, unitOf, type TermClass } from './term-classes';

/**
 * Key terms of English sentences for the offline generator, which analyses Japanese with kuromoji
 * and has no English dictionary. Without one, the shape of the text is used:
 * - names: runs of capitalised words («Great Red Spot», «Clyde Tombaugh», «NASA»), with «of», «de»
 *   and the like inside them, without a leading «The»; a capitalised word opening a sentence is a
 *   name only when the material never writes it in lower case; a name's class comes from its last
 *   word and the words around it (term-classes.ts: «Robert Hooke first described» is a person,
 *   «in Verona» a place, «Pacific Plate» goes with the other plates);
 * - numbers standing alone, with their scale and unit («4.6 billion years», «88 days», «21%»,
 *   «1930»), never digits glued to letters («4th», «CO2»);
 * - content words: lower-case nouns of four letters or more that come shortly after a determiner
 *   or preposition («the gravitational collapse»), alone or as a compound of two («water vapour»,
 *   «cell membrane»); not function words, adverbs, adjectives («heavy», «genetic») or verbs (a word
 *   followed by «the», «how», «what»… is a verb: «describes how», «controls what»);
 * - what the sentence says of them: «called X» and «X, in which» define X (with the kind of thing
 *   before «called»: «a process called subduction»), «such as A, B and C» puts A, B and C under the
 *   word before it, and terms listed with «,», «and», «or» are of one class.
 * Everything is one pass over the sentence's words, so the cost is linear in the text.
 */
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

/** Adjectives that come before nouns («heavy», «tiny»), never a key term by themselves. */
const ADJECTIVES = new Set(
  `tiny thin thick small big great new old young long short high low deep shallow hot cold warm cool
  moist dry wet green red blue white black yellow rigid soft hard heavy light main whole entire
  public private famous outer inner upper lower fixed huge giant early late modern ancient harsh
  bright dark simple complex common rare strong weak rich poor full empty fresh clear free sure
  true false local global natural human social political economic chemical physical genetic
  softer hotter colder larger smaller higher lower deeper older younger`
    .split(/\s+/)
    .filter(Boolean),
);
const ADJECTIVE_ENDING = /(?:ous|ful|less|ive|ical|able|ible|like|ic|est)$/;
/** Nouns that end like adjectives. */
const NOT_ADJECTIVES = new Set([
  'music',
  'logic',
  'topic',
  'traffic',
  'fabric',
  'clinic',
  'relative',
  'native',
]);
const isAdjective = (word: string) =>
  ADJECTIVES.has(word) || ORDINAL.test(word) || (ADJECTIVE_ENDING.test(word) && !NOT_ADJECTIVES.has(word));

/** Nouns by their ending, wherever they stand in the sentence. */
const NOMINAL = /^(?:[a-z]{2,}(?:tion|sion)|[a-z]{3,}(?:sis|ment|ness|ity|ance|ence))$/;
/** Words that follow a verb, not a noun: «spin several threads». */
const QUANTIFIERS = new Set([
  'several',
  'many',
  'some',
  'all',
  'both',
  'each',
  'every',
  'few',
  'most',
  'more',
]);
/** Ordinals are adjectives before a noun: «the second half», «the eighteenth century». */
const ORDINAL =
  /^(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\p{Ll}+teenth|\p{Ll}+ieth)$/u;

/**
 * «Mercury is the closest planet», «The Sun is a yellow dwarf star»: the noun a sentence's topic
 * is said to be (the first word after «is a / the» that is not an adjective).
 */
function copularHypernym(words: readonly Word[], end: number): string | undefined {
  if (
    !/^(?:is|was|are|were)$/.test(words[end]?.text ?? '') ||
    !/^(?:a|an|the)$/.test(words[end + 1]?.text ?? '')
  )
    return undefined;
  for (let at = end + 2; at < Math.min(words.length, end + 6); at++) {
    const word = words[at]!;
    if (word.kind !== 'word' || !/^\p{Ll}+$/u.test(word.text)) return undefined;
    if (STOPWORDS.has(word.text) || isAdjective(word.text)) continue;
    return word.text;
  }
  return undefined;
}

/** Words after which a lower-case word is a verb («describes how», «controls what», «holds the»). */
const AFTER_VERB = new Set(
  'the a an how what that which it its their them his her this these those who whom where why'.split(' '),
);
const PREPOSITIONS = new Set(
  `of in on at to from into onto over under with by between through across along around about after
  before during back up down out off away`
    .split(/\s+/)
    .filter(Boolean),
);
/** Adverbs between a name and its verb: «Robert Hooke first described». */
const NAME_ADVERBS = new Set([
  'first',
  'also',
  'later',
  'then',
  'once',
  'soon',
  'still',
  'finally',
  'famously',
]);
/** Words before «such as» that make the listed names places («cities such as Manchester»). */
const PLACE_KINDS =
  /^(?:cities|towns|countries|nations|states|regions|ports|villages|islands|provinces|places)$/;
/** People by their role («playwright», «actors»). */
const ROLES =
  /^(?:playwrights?|actors?|actress(?:es)?|scientists?|writers?|poets?|authors?|workers?|farmers?|merchants?|kings?|queens?|emperors?|inventors?|engineers?|painters?|composers?|philosophers?)$/;
/** Separators of a list: «,», «and», «or», with a determiner after them. */
const LIST_WORD = /^(?:,|and|or|the|a|an|their|its|his|her)$/;

/** The key terms of one English sentence (see the module comment). */
export function englishTermsOf(text: string, lowerCase: Set<string>): FoundTerm[] {
  const words = wordsOf(text);
  const terms: FoundTerm[] = [];
  /** Index of the word after the last term, and the hypernym a «such as» list is under. */
  let lastEnd = -1;
  let suchAs: string | undefined;
  const add = (
    surface: string,
    kind: FoundTerm['kind'],
    cls: TermClass,
    start: number,
    end: number,
    extra: { defined?: boolean; hypernym?: string } = {},
  ) => {
    const between = words.slice(Math.max(lastEnd, 0), start).map((word) => word.text);
    const listed =
      lastEnd >= 0 &&
      between.length > 0 &&
      between.length <= 3 &&
      between.every((word) => LIST_WORD.test(word)) &&
      between.some((word) => /^(?:,|and|or)$/.test(word));
    if (!listed) suchAs = undefined;
    const hypernym = extra.hypernym ?? (listed || words[start - 1]?.text === 'as' ? suchAs : undefined);
    // «X, in which …», «the X, …» between commas: the sentence says what X is.
    const defined =
      extra.defined ??
      ((words[end]?.text === ',' &&
        /^(?:in|by)$/.test(words[end + 1]?.text ?? '') &&
        words[end + 2]?.text === 'which') ||
        (words[start - 1]?.text === 'the' && words[start - 2]?.text === ',' && words[end]?.text === ','));
    const said = hypernym ?? (start <= 1 ? copularHypernym(words, end) : undefined);
    if (surface.length >= 2 && surface.length <= TERM_MAX)
      terms.push({
        surface,
        kind,
        cls: hypernym && PLACE_KINDS.test(hypernym) && kind === 'proper' ? 'place' : cls,
        topic: start <= 1,
        defined,
        ...(said ? { hypernym: said } : {}),
        ...(listed && terms.length > 0 ? { listedWith: terms.length - 1 } : {}),
      });
    lastEnd = end;
  };
  const isContent = (at: number) => {
    const word = words[at];
    return (
      word !== undefined &&
      word.kind === 'word' &&
      /^\p{Ll}+$/u.test(word.text) &&
      word.text.length >= CONTENT_MIN &&
      !STOPWORDS.has(word.text) &&
      !SCALES.has(word.text) &&
      // Adverbs and verb forms («reclassified», «using») are not asked about.
      !/(ly|ed|ing)$/.test(word.text) &&
      !(AFTER_VERB.has(words[at + 1]?.text ?? '') && words[at + 1]?.kind === 'word')
    );
  };
  /** Words since the last determiner (Infinity: none in this phrase). */
  let sinceDeterminer = Infinity;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.kind === 'number') {
      const end = numberEnd(text, words, i);
      if (end >= i)
        add(
          text.slice(word.start, words[end]!.end),
          'number',
          `number:${unitOf(text.slice(word.start, words[end]!.end))}`,
          i,
          end + 1,
        );
      i = Math.max(i, end);
      sinceDeterminer = Infinity;
      continue;
    }
    if (word.kind === 'mark') {
      sinceDeterminer = Infinity;
      continue;
    }
    const lower = word.text.toLowerCase();
    if (lower === 'such' && words[i + 1]?.text === 'as') {
      const before = words[i - 1]?.text === ',' ? words[i - 2] : words[i - 1];
      suchAs = before?.kind === 'word' ? before.text.toLowerCase() : undefined;
      lastEnd = i + 2;
      i += 1;
      sinceDeterminer = Infinity;
      continue;
    }
    // «a process called subduction», «this process is called transpiration»: X is defined, as a process.
    if (lower === 'called' || lower === 'named') {
      let end = i + 1;
      while (
        end < words.length &&
        end - i <= 3 &&
        (isContent(end) || (end === i + 1 && isAdjective(words[end]!.text) && isContent(end + 1)))
      )
        end += 1;
      if (end > i + 1) {
        const kindBefore =
          words[i - 1]?.text === 'is' || words[i - 1]?.text === 'are' ? words[i - 2] : words[i - 1];
        add(text.slice(words[i + 1]!.start, words[end - 1]!.end), 'noun', 'noun', i + 1, end, {
          defined: true,
          ...(kindBefore?.kind === 'word' && !STOPWORDS.has(kindBefore.text)
            ? { hypernym: kindBefore.text }
            : {}),
        });
        i = end - 1;
        sinceDeterminer = Infinity;
        continue;
      }
    }
    if (isCapitalised(word) && !(i === 0 && STOPWORDS.has(lower))) {
      const end = nameEnd(text, words, i);
      const single = end === i;
      // A capitalised word opening the sentence is a name only if the text never writes it in lower case.
      if (!(single && i === 0 && lowerCase.has(lower)) && !(single && STOPWORDS.has(lower))) {
        const name = withoutPossessive(text.slice(word.start, words[end]!.end));
        const next = NAME_ADVERBS.has(words[end + 1]?.text ?? '') ? end + 2 : end + 1;
        const after =
          words[next]?.text === 'was' && words[next + 1]?.text === 'born'
            ? 'was born'
            : (words[next]?.text ?? '');
        add(name, 'proper', englishNameClass(name, words[i - 1]?.text, after), i, end + 1);
      }
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
      // Nominalisations are nouns wherever they stand: «drives evaporation», «and condensation turns».
      (sinceDeterminer <= NOUN_PHRASE_SPAN || NOMINAL.test(word.text)) &&
      isContent(i) &&
      words[i - 1]?.kind !== 'number' &&
      words[i + 1]?.kind !== 'number'
    ) {
      // «water vapour», «cell membrane»: a noun before a noun, the second not a verb («water soaks into»).
      const next = words[i + 1];
      // The first noun of a compound is singular («lakes turns», «plates move» are a noun and a verb),
      // and a word followed by «several», «the»… is a verb («one worker spin several threads»).
      const compound =
        next &&
        joined(text, word, next) &&
        !isAdjective(word.text) &&
        !/[^s]s$/.test(word.text) &&
        isContent(i + 1) &&
        !QUANTIFIERS.has(words[i + 2]?.text ?? '') &&
        words[i + 2]?.kind !== 'number' &&
        !(/s$/.test(next.text) && PREPOSITIONS.has(words[i + 2]?.text ?? ''));
      if (compound) {
        add(`${word.text} ${next.text}`, 'noun', 'noun', i, i + 2);
        i += 1;
      } else if (!isAdjective(word.text))
        add(word.text, 'noun', ROLES.test(word.text) ? 'role' : 'noun', i, i + 1);
    }
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
  // «88 days», «37 plays,»: a unit may have punctuation after it, not letters or «/» («km/h»).
  if (
    unit &&
    isUnit(unit.text) &&
    !(touching(unit, words[end + 2]) && !/^[,.;:!?)]$/.test(words[end + 2]!.text))
  )
    end += 1;
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
    // «Lord Chamberlain's Men»: a possessive inside a name, not at its end («Arkwright's water frame»).
    if (isCapitalised(word)) {
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
