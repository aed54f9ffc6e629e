import { createHash } from 'node:crypto';
import { AI_MESSAGES, type AiSettings, type GeneratedQuestion, type GeneratedQuiz } from '@shared/ai';
import { ANSWER_LETTERS } from '@shared/constants';
import { UnusableMaterialError } from './errors';
import { normalizeCjk } from './cjk-normalize';
import { englishTermsOf, isEnglishSentence, lowerCaseWords } from './english-terms';
import { generatedQuizSchema } from './generated-quiz';
import { japaneseTokenizer, tokenize, type Token } from './tokenizer';

/**
 * The built-in offline generator, used when no Bedrock model is configured (the local default).
 * It makes real fill-in-the-blank questions from the material itself:
 * 1. the text is split into sentences (。！？, and 「. 」 in English); Japanese sentences are
 *    analysed morphologically (kuromoji, in bounded pieces so the cost stays linear), English ones
 *    by the shape of their words (english-terms.ts), so English and mixed material work too;
 * 2. key terms are runs of nouns, classified by kind (person, place, organisation, other proper
 *    noun, number with its counter, ordinary noun); in English, names, numbers with their unit and
 *    content words;
 * 3. each question blanks one term, once, out of one sentence: a whole word (never a piece of a
 *    compound such as 「青木ヶ」 of 「青木ヶ原樹海」), so every question has exactly one blank; the
 *    three wrong options are other terms of the same kind and the same script from the same material
 *    (numbers only with the same counter or unit, falling back to nearby values when the text has
 *    too few); the question asks by what it asks for (誰, どこ, いつ, 数, 語句) in varied wordings;
 * 0. look-alike characters from PDFs (CJK radicals, traditional forms) are mapped to standard ones
 *    first (cjk-normalize.ts);
 * 4. everything is deterministic: the same material and settings give the same quiz.
 * Every correct answer is a term of the source, and the four options are always distinct. The
 * questions are Japanese whatever the material's language.
 */
export type TermKind = 'person' | 'place' | 'organization' | 'proper' | 'number' | 'noun';

export interface Term {
  surface: string;
  kind: TermKind;
  /** How many times the term occurs in the material. */
  count: number;
  /** Position of its first occurrence (for a stable order). */
  firstSeen: number;
  /** How many sentences are about it (「…は」). */
  topicCount: number;
  /** Written without Japanese script (an English word, a bare number): its options are too. */
  latin: boolean;
}

interface Sentence {
  index: number;
  text: string;
  terms: string[];
}

interface Candidate {
  sentence: Sentence;
  term: Term;
  score: number;
}

/** Three wrong options, all of the answer's kind. */
interface Distractors {
  options: string[];
}

/** How good a question each kind of term makes (names and places best; ordinary nouns least). */
export const KIND_WEIGHT: Record<TermKind, number> = {
  person: 5,
  place: 4.5,
  organization: 4.5,
  proper: 4,
  number: 4,
  noun: 2,
};

/** Nouns too vague to ask about. */
const VAGUE_NOUNS = new Set([
  'こと',
  'もの',
  'ため',
  'よう',
  'それ',
  'これ',
  'あれ',
  'ここ',
  'そこ',
  'とき',
  'ところ',
  '一連',
  '中心',
  '以上',
  '以下',
  '以降',
  '以前',
  '一部',
  '全体',
  '部分',
  '場合',
  '結果',
  '方法',
  '今日',
  '現在',
  '当時',
  '最初',
  '最後',
  '一方',
  '他方',
  '自分',
  '彼ら',
  '我々',
  '人々',
  '多く',
  '一つ',
  '二つ',
  '様々',
  '種類',
  '程度',
  '必要',
  '可能',
  '関係',
  '問題',
  '内容',
  '状態',
  '事実',
  '理由',
  '目的',
  '意味',
  '影響',
  '特徴',
  '役割',
  '一般',
  '大きな',
]);

export const BLANK = '（　　　）';
const SENTENCE_MIN = 12;
const SENTENCE_MAX = 300;
/** The quiz form's limits, which a generated question must keep. */
const QUESTION_TEXT_MAX = 500;
const OPTION_MAX = 200;
/** Candidates given up on (no three distractors) before the search stops: keeps large texts fast. */
const MAX_REJECTIONS = 200;

/** A deterministic pseudo-random sequence (mulberry32) seeded from text. */
export function seededRandom(seedText: string) {
  let seed = createHash('sha256').update(seedText).digest().readUInt32LE(0);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Titles, months and initials after which 「. 」 does not end an English sentence. */
const ABBREVIATIONS =
  'Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|No|Nos|Fig|Figs|Vol|Vols|vs|approx|ca|cf|al|Inc|Ltd|Co|Corp|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|[A-Z]';
const CLOSERS = '[」』）)"”’]';

/**
 * Where sentences end. Every lookbehind is of bounded length, so the split is linear in the text
 * whatever it holds (a run of 50,000 closing brackets included).
 */
const SENTENCE_BREAK = new RegExp(
  [
    '\\n{2,}',
    // After 。！？, and the closing brackets or quotes that follow them.
    `(?<=[。！？!?]${CLOSERS}{0,2})(?!${CLOSERS}|[!?！？])`,
    // A full stop after Japanese (「．」, normalised to 「.」).
    `(?<=[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ー][.]${CLOSERS}{0,2})(?!${CLOSERS}|[.])`,
    // English: 「. 」 before a capital or a digit, but not after a title or an initial («Dr. Smith», «U.S. Navy»).
    `(?<=[.]${CLOSERS}?)(?<!\\b(?:${ABBREVIATIONS})[.]${CLOSERS}?)\\s+(?=[("“‘]?[\\p{Lu}\\d])`,
    // A bullet or a numbered item («1.», not «4.6») on a new line.
    '\\n(?=[・●■◆○\\-*]|\\d{1,3}[.)．](?!\\d))',
  ].join('|'),
  'u',
);

const JAPANESE_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** Lines wrapped inside a sentence, joined: with a space between English words, without in Japanese. */
function joinWrapped(lines: string[]): string {
  let text = '';
  for (const line of lines) {
    if (!line) continue;
    const last = text.at(-1);
    const space =
      last !== undefined && last !== '-' && !JAPANESE_CHAR.test(last) && !JAPANESE_CHAR.test(line[0]!);
    text += space ? ` ${line}` : line;
  }
  return text;
}

/** Splits material into sentences; lines that wrap inside a sentence are joined first. */
export function splitSentences(material: string): string[] {
  const normalised = normalizeCjk(material).replace(/\r\n?/g, '\n');
  return normalised
    .split(SENTENCE_BREAK)
    .map((part) =>
      joinWrapped(part.split('\n').map((line) => line.trim()))
        .replace(/^[・●■◆○\-*\s]+|^\d{1,3}[.)．](?!\d)\s*/u, '')
        .trim(),
    )
    .filter((part) => part.length > 0);
}

const isNounPart = (token: Token) =>
  token.pos === '名詞' &&
  !['非自立', '代名詞', '副詞可能', '接続詞的', '動詞非自立的', '特殊'].includes(token.pos_detail_1);

const hasContent = (surface: string) => /[\p{Script=Han}\p{Script=Katakana}A-Za-z0-9]/u.test(surface);

const isNumeral = (token: Token | undefined) => token?.pos_detail_1 === '数';
/** 「,」 and 「.」 between digits and 「%」 after them belong to the number (3,000 / 3.5 / 21%). */
const isNumberGlue = (token: Token, previous: Token | undefined, next: Token | undefined) =>
  isNumeral(previous) &&
  (token.surface_form === '%' || (/^[,.]$/.test(token.surface_form) && isNumeral(next)));

/**
 * The small ヶ (and ケ, ヵ) inside a place name joins its parts: 「青木ヶ原樹海」「関ヶ原」 are one word,
 * never 「青木ヶ」.
 */
const isKaGlue = (token: Token, previous: Token | undefined, next: Token | undefined) =>
  /^[ヶケヵ]$/.test(token.surface_form) &&
  Boolean(previous && isNounPart(previous) && next && isNounPart(next));

/** A space between two capitalised words of a name in a Japanese sentence («James Webb»). */
const isNameGlue = (token: Token, previous: Token | undefined, next: Token | undefined) =>
  token.surface_form === ' ' &&
  [previous, next].every((word) => word && isNounPart(word) && /^[A-Z][A-Za-z]*$/.test(word.surface_form));

export interface FoundTerm {
  surface: string;
  kind: TermKind;
  /** The sentence is about it: 「…は」 follows it. */
  topic: boolean;
}

/**
 * Runs of nouns (with a leading prefix and trailing suffixes) as key terms of a Japanese sentence's
 * tokens, each whole (compounds are not cut) and with its kind.
 */
export function termsOf(tokens: Token[]): FoundTerm[] {
  const terms: FoundTerm[] = [];
  let run: Token[] = [];
  const flush = (next: Token | undefined) => {
    // A run may not start with a suffix (「年」 alone), nor a number with a prefix (「翌」1890年).
    while (run.length && run[0]!.pos_detail_1 === '接尾') run.shift();
    const kind = run.length ? kindOf(run) : null;
    if (kind === 'number') while (run[0]!.pos === '接頭詞') run.shift();
    if (kind) {
      const surface = run.map((token) => token.surface_form).join('');
      const topic = next?.surface_form === 'は' && next.pos === '助詞';
      if (acceptable(surface, kind)) terms.push({ surface, kind, topic });
    }
    run = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const last = run[run.length - 1];
    // A name starts a term of its own: 「科学者」 and 「ジョゼフ」, not 「科学者ジョゼフ」.
    if (
      last &&
      token.pos_detail_2 === '人名' &&
      token.pos_detail_1 === '固有名詞' &&
      last.pos_detail_2 !== '人名' &&
      last.pos !== '接頭詞'
    )
      flush(token);
    if (isNounPart(token) && (hasContent(token.surface_form) || isNumberGlue(token, last, next)))
      run.push(token);
    else if (last && (isNameGlue(token, last, next) || isKaGlue(token, last, next))) run.push(token);
    // A prefix starts a term (「翌年」), or joins the parts of a compound (青木ヶ「原」樹海).
    else if (token.pos === '接頭詞' && next && isNounPart(next) && (run.length === 0 || isNounPart(last!)))
      run.push(token);
    else flush(token);
  }
  flush(undefined);
  return terms;
}

/** Endings that make a compound with a name in it a place: 「青木ヶ原樹海」「富士五湖」「房総半島」. */
const PLACE_ENDING =
  /(?:山|川|湖|島|県|市|町|村|原|樹海|海|半島|湾|岬|峠|高原|平野|盆地|諸島|列島|海峡|砂漠|大陸)$/u;

function kindOf(withGlue: Token[]): TermKind | null {
  const run = withGlue.filter((token) => token.pos !== '記号' && !/^[ヶケヵ]$/.test(token.surface_form));
  const details = run.map((token) => `${token.pos_detail_1}/${token.pos_detail_2}`);
  if (run.some(isNumeral)) {
    // Numbers count only with a digit in them (「一連」 is not a number).
    if (!run.some((token) => isNumeral(token) && /\d/.test(token.surface_form))) return null;
    // A number is digits with their counter (「1868年」「3,000万人」「21%」); 「C4植物」 is a term.
    const numeric = run.every(
      (token, index) =>
        token.pos === '接頭詞' ||
        isNumeral(token) ||
        token.pos_detail_1 === '接尾' ||
        isNumberGlue(token, run[index - 1], run[index + 1]),
    );
    if (numeric) return 'number';
  }
  const proper = details.filter((detail) => detail.startsWith('固有名詞'));
  if (proper.length === 0) return 'noun';
  if (proper.length === run.length) {
    if (details.every((detail) => detail === '固有名詞/人名')) return 'person';
    if (details.every((detail) => detail === '固有名詞/地域')) return 'place';
  }
  if (PLACE_ENDING.test(run.map((token) => token.surface_form).join('')) && run.length > 1) return 'place';
  if (details.includes('固有名詞/組織')) return 'organization';
  return 'proper';
}

function acceptable(surface: string, kind: TermKind): boolean {
  if (surface.length > 40 || !hasContent(surface) || VAGUE_NOUNS.has(surface)) return false;
  if (kind === 'number') return true;
  if (kind === 'person' && surface.length < 2) return false;
  // A single ordinary character (「国」「人」) is too weak to ask about.
  if (surface.length < 2) return false;
  return kind !== 'noun' || /[\p{Script=Han}\p{Script=Katakana}]{2}/u.test(surface);
}

/**
 * How alike two terms look (shared characters, similar length, as many words, both plural or
 * not): higher means a harder distractor.
 */
function likeness(a: string, b: string): number {
  const shared = [...new Set(a)].filter((char) => b.includes(char)).length;
  const words = (text: string) => text.split(' ').length;
  const plural = (text: string) => /[a-z]s$/.test(text);
  // English words of one form end alike: «largest» and «closest», «molecular» and «axial».
  const ending = (text: string) => (/[a-z]{4}$/.test(text) ? text.slice(-2) : text);
  return (
    shared * 2 -
    Math.abs(a.length - b.length) -
    3 * Math.abs(words(a) - words(b)) +
    (plural(a) === plural(b) ? 1 : 0) +
    (ending(a) === ending(b) ? 3 : 0)
  );
}

/** Other values with the same counter, for numbers when the text has too few of its own. */
function numberVariants(answer: string, avoid: Set<string>): string[] {
  const match = /^(\D*)(\d[\d,]*)(\.\d+)?(.*)$/.exec(answer);
  if (!match) return [];
  const [, before = '', digits = '', fraction = '', after = ''] = match;
  const value = Number(digits.replace(/,/g, ''));
  // 「1868年」, or a bare four-digit number in English («in 1930»).
  const isYear =
    (/^年/.test(after) && value >= 100) ||
    (!before && !after && !fraction && /^\d{4}$/.test(digits) && value >= 1000 && value <= 2100);
  const isShare = /^(%| ?percent| ?per cent)$/.test(after);
  const steps = isYear
    ? [1, -1, 2, -2, 10, -10, 5, -5]
    : value >= 100
      ? [10, -10, 100, -100, 1, -1]
      : [1, -1, 2, -2, 3, 5, -3, -5];
  const variants: string[] = [];
  for (const step of steps) {
    const candidate = value + (isYear || value < 100 ? step : Math.round((value * step) / 100) || step);
    if (candidate <= 0 || (isShare && Number(`${candidate}${fraction}`) > 100)) continue;
    const formatted = digits.includes(',') ? candidate.toLocaleString('en-US') : String(candidate);
    const text = `${before}${formatted}${fraction}${after}`;
    if (!avoid.has(text) && !variants.includes(text)) variants.push(text);
  }
  return variants;
}

function overlaps(a: string, b: string) {
  return a.includes(b) || b.includes(a);
}

/**
 * A number's counter and wording around its digits: 「1868年」 and 「1871年」 share 「#年」; a bare
 * year in English («1930») is not a bare count («365»).
 */
const unitOf = (surface: string) =>
  /^\d{4}$/.test(surface) && Number(surface) >= 1000 && Number(surface) <= 2100
    ? '#year'
    : surface.replace(/\d[\d,.]*/g, '#');

/**
 * Three wrong options for the answer in a sentence (`sentenceText`; empty for "in any sentence"):
 * terms of the same kind from the material (numbers only with the same counter), then nearby values
 * for a number. None is in the sentence or overlaps another; null when the material has too few.
 */
export function chooseDistractors(
  answer: Term,
  sentenceText: string,
  terms: Map<string, Term>,
  difficulty: AiSettings['difficulty'],
): Distractors | null {
  const usable = (term: Term) =>
    term.latin === answer.latin &&
    term.surface !== answer.surface &&
    !overlaps(term.surface, answer.surface) &&
    !sentenceText.includes(term.surface);
  const rank = (pool: Term[]) =>
    pool
      .filter(usable)
      .map((term) => ({ term, like: likeness(term.surface, answer.surface) }))
      .sort(
        (x, y) =>
          (difficulty === '初級' ? x.like - y.like : y.like - x.like) ||
          y.term.count - x.term.count ||
          x.term.firstSeen - y.term.firstSeen,
      )
      .map(({ term }) => term.surface);
  const all = [...terms.values()];
  const picked: string[] = [];
  const take = (options: string[]) => {
    for (const option of options) {
      if (picked.length === 3) return;
      if (!picked.some((chosen) => overlaps(chosen, option))) picked.push(option);
    }
  };
  const unit = unitOf(answer.surface);
  take(
    rank(
      all.filter(
        (term) => term.kind === answer.kind && (answer.kind !== 'number' || unitOf(term.surface) === unit),
      ),
    ),
  );
  if (answer.kind === 'number') {
    const avoid = new Set([
      answer.surface,
      ...picked,
      ...[...terms.keys()].filter((key) => sentenceText.includes(key)),
    ]);
    take(numberVariants(answer.surface, avoid));
  }
  // Only terms of the answer's kind: a person among people, a place among places, a year among years.
  return picked.length === 3 ? { options: picked } : null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The sentence with the term blanked out; a term in Latin letters only as a whole word («Mars»,
 * not the start of «Marshall»).
 */
export function blankOut(sentence: string, term: string) {
  if (JAPANESE_CHAR.test(term)) return sentence.split(term).join(BLANK);
  return sentence.replace(
    new RegExp(`(?<![\\p{Script=Latin}\\p{N}])${escapeRegExp(term)}(?![\\p{Script=Latin}\\p{N}])`, 'gu'),
    BLANK,
  );
}

/** What a question asks for: a term's kind, and a year apart from other numbers. */
type Asked = TermKind | 'year';

const ASK_TERM = [
  `次の文の${BLANK}に入る語句として正しいものはどれですか。`,
  `${BLANK}に当てはまる言葉を選んでください。`,
  `文中の${BLANK}に入る適切な語はどれでしょう。`,
];

/**
 * How a question asks, by what it asks for (who, where, when, how many, which term), in a few
 * wordings so a quiz does not open every question with the same sentence.
 */
const ASK: Record<Asked, string[]> = {
  person: [
    `次の文の${BLANK}に入る人物は誰ですか。`,
    `${BLANK}に当てはまる人物を選んでください。`,
    `文中の${BLANK}は誰のことでしょう。`,
  ],
  place: [`次の文の${BLANK}に入る地名はどこですか。`, `${BLANK}に当てはまる場所はどこでしょう。`],
  year: [`次の文の${BLANK}に入る年はいつですか。`, `${BLANK}は何年のことでしょう。`],
  number: [`次の文の${BLANK}に入る数値はどれですか。`, `${BLANK}に当てはまる数を選んでください。`],
  organization: [
    `次の文の${BLANK}に入る組織・団体の名前はどれですか。`,
    `${BLANK}に当てはまる組織・団体を選んでください。`,
  ],
  proper: ASK_TERM,
  noun: ASK_TERM,
};

const askedFor = (term: Term): Asked =>
  term.kind === 'number' && /^#(?:年|year)$/.test(unitOf(term.surface)) ? 'year' : term.kind;

/** A small stable hash, so the same material always gets the same wording. */
const hashOf = (text: string) =>
  [...text].reduce((hash, char) => (hash * 31 + char.codePointAt(0)!) >>> 0, 7);

/** The question: how it asks (by kind, the wording varied by the sentence), then the sentence with its one blank. */
const questionText = (candidate: Candidate) => {
  const wordings = ASK[askedFor(candidate.term)];
  const lead = wordings[hashOf(`${candidate.sentence.text}|${candidate.term.surface}`) % wordings.length]!;
  return `${lead}\n「${blankOut(candidate.sentence.text, candidate.term.surface)}」`;
};

/** A candidate whose question would not fit the quiz form (blanking can lengthen a sentence). */
const tooLong = (candidate: Candidate) => questionText(candidate).length > QUESTION_TEXT_MAX;

const COMPOUND_CHAR = /[\p{Script=Han}\p{Script=Katakana}ヶー]/u;

/**
 * Whether the term stands once in the sentence and as a whole word: not a piece of a longer
 * compound (「青木ヶ」 of 「青木ヶ原樹海」, 「江戸」 of 「江戸幕府」), and so the question has exactly one blank.
 */
function blanksOnce(sentence: string, term: string): boolean {
  const blanked = blankOut(sentence, term);
  if (blanked.split(BLANK).length !== 2) return false;
  if (!JAPANESE_CHAR.test(term)) return true;
  const at = sentence.indexOf(term);
  const before = sentence[at - 1] ?? '';
  const after = sentence[at + term.length] ?? '';
  return !(
    (COMPOUND_CHAR.test(term[0]!) && COMPOUND_CHAR.test(before)) ||
    (COMPOUND_CHAR.test(term.at(-1)!) && COMPOUND_CHAR.test(after))
  );
}

/** Letters left in the sentence once the term is blanked: too few, and there is nothing to read. */
const MIN_CONTEXT_LETTERS = 5;
const hasContext = (sentence: string, term: string) =>
  (sentence.split(term).join('').match(/\p{L}/gu)?.length ?? 0) >= MIN_CONTEXT_LETTERS;

function buildQuestion(
  candidate: Candidate,
  distractors: Distractors,
  random: () => number,
): GeneratedQuestion {
  const options = [candidate.term.surface, ...distractors.options];
  for (let i = options.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [options[i], options[j]] = [options[j]!, options[i]!];
  }
  const answerIndex = options.indexOf(candidate.term.surface);
  const [a, b, c, d] = options as [string, string, string, string];
  return {
    text: questionText(candidate),
    options: { a, b, c, d },
    correctAnswer: ANSWER_LETTERS[answerIndex]!,
    explanation: `正解は「${candidate.term.surface}」です。本文には「${candidate.sentence.text}」とあります。`,
  };
}

function scoreOf(term: Term, sentence: Sentence, difficulty: AiSettings['difficulty']) {
  const frequency = Math.min(term.count, 4);
  const base = KIND_WEIGHT[term.kind] + Math.min(term.surface.length, 6) * 0.15;
  if (difficulty === '初級') return base + frequency * 0.8 - sentence.text.length / 200;
  if (difficulty === '上級')
    return base - frequency * 0.3 + (term.kind === 'noun' ? 1.5 : 0) + sentence.terms.length * 0.1;
  return base + frequency * 0.3;
}

/**
 * Counts a sentence's terms into the material's `terms` (occurrences, occurrences as the topic, the
 * position first seen at, whether written in Latin letters); `position` counts terms in order of
 * appearance. Returns the position after the sentence's terms.
 */
export function tallyTerms(terms: Map<string, Term>, found: readonly FoundTerm[], position: number): number {
  let at = position;
  for (const { surface, kind, topic } of found) {
    const known = terms.get(surface);
    if (known) {
      known.count += 1;
      if (topic) known.topicCount += 1;
    } else
      terms.set(surface, {
        surface,
        kind,
        count: 1,
        firstSeen: at,
        topicCount: topic ? 1 : 0,
        latin: !JAPANESE_CHAR.test(surface),
      });
    at += 1;
  }
  return at;
}

/** Generates a fill-in-the-blank quiz from the material (see the module comment). */
export async function generateOffline(settings: AiSettings, material: string): Promise<GeneratedQuiz> {
  const tokenizer = await japaneseTokenizer();
  const terms = new Map<string, Term>();
  const sentences: Sentence[] = [];
  let position = 0;
  /** What the text opens by talking about (the first 「…は」). */
  let firstTopic: string | undefined;
  const texts = splitSentences(material);
  const lowerCase = lowerCaseWords(texts.filter(isEnglishSentence));
  // A sentence that comes again (a page's running header, a pasted paragraph) is analysed once.
  const analysed = new Map<string, FoundTerm[]>();
  for (const text of texts) {
    let found = analysed.get(text);
    if (!found) {
      found = (
        isEnglishSentence(text) ? englishTermsOf(text, lowerCase) : termsOf(tokenize(tokenizer, text))
      ).filter((term) => term.surface.length <= OPTION_MAX);
      analysed.set(text, found);
    }
    firstTopic ??= found.find((term) => term.topic)?.surface;
    position = tallyTerms(terms, found, position);
    if (text.length >= SENTENCE_MIN && text.length <= SENTENCE_MAX && found.length > 0) {
      sentences.push({
        index: sentences.length,
        text,
        terms: [...new Set(found.map((term) => term.surface))],
      });
    }
  }

  const candidates: Candidate[] = sentences
    .flatMap((sentence) =>
      sentence.terms
        .filter((surface) => hasContext(sentence.text, surface) && blanksOnce(sentence.text, surface))
        .map((surface) => {
          const term = terms.get(surface)!;
          return { sentence, term, score: scoreOf(term, sentence, settings.difficulty) };
        }),
    )
    .sort(
      (x, y) =>
        y.score - x.score || x.sentence.index - y.sentence.index || x.term.firstSeen - y.term.firstSeen,
    );

  const chosen: { candidate: Candidate; distractors: Distractors }[] = [];
  // Terms asked about, and terms with too few others of their kind to ask about in any sentence.
  const usedTerms = new Set<string>();
  const usedSentences = new Set<number>();
  // Greedy choice by score, lowered for a sentence already asked about (-3) and for each earlier
  // question of the same kind (-1.5), so a quiz mixes people, places, years and terms.
  const kindCount = new Map<TermKind, number>();
  const rejected = new Set<Candidate>(candidates.filter(tooLong));
  let rejections = 0;
  while (chosen.length < settings.numQuestions && rejections < MAX_REJECTIONS) {
    let best: Candidate | undefined;
    let bestScore = -Infinity;
    for (const candidate of candidates) {
      // Candidates come by falling score and penalties only lower it: none further on can do better.
      if (candidate.score <= bestScore) break;
      if (rejected.has(candidate) || usedTerms.has(candidate.term.surface)) continue;
      if (
        usedSentences.has(candidate.sentence.index) &&
        chosen.some(
          (entry) =>
            entry.candidate.sentence === candidate.sentence &&
            overlaps(entry.candidate.term.surface, candidate.term.surface),
        )
      )
        continue;
      const effective =
        candidate.score -
        (usedSentences.has(candidate.sentence.index) ? 3 : 0) -
        1.5 * (kindCount.get(candidate.term.kind) ?? 0);
      if (effective > bestScore) {
        best = candidate;
        bestScore = effective;
      }
    }
    if (!best) break;
    const distractors = chooseDistractors(best.term, best.sentence.text, terms, settings.difficulty);
    if (!distractors) {
      // A term the material offers no three alternatives for is given up everywhere at once, so a
      // frequent one cannot use up the search (longer material never yields fewer questions).
      if (!chooseDistractors(best.term, '', terms, settings.difficulty)) usedTerms.add(best.term.surface);
      else rejected.add(best);
      rejections += 1;
      continue;
    }
    chosen.push({ candidate: best, distractors });
    usedTerms.add(best.term.surface);
    usedSentences.add(best.sentence.index);
    kindCount.set(best.term.kind, (kindCount.get(best.term.kind) ?? 0) + 1);
  }
  if (chosen.length === 0) throw new UnusableMaterialError(AI_MESSAGES.notEnoughMaterial);

  // Questions follow the material's order, so the quiz reads like the text.
  chosen.sort(
    (x, y) =>
      x.candidate.sentence.index - y.candidate.sentence.index ||
      x.candidate.term.firstSeen - y.candidate.term.firstSeen,
  );
  const random = seededRandom(`${settings.numQuestions}|${settings.difficulty}|${material}`);
  const questions = chosen.map(({ candidate, distractors }) => buildQuestion(candidate, distractors, random));

  // The title names what the text is about: a term sentences are about (「…は」), above all the
  // first one, that occurs often, and better a name than an ordinary noun.
  const topicScore = (term: Term) =>
    term.count + 2 * term.topicCount + (term.surface === firstTopic ? 2 : 0) + (term.kind === 'noun' ? 0 : 1);
  const topic = [...terms.values()]
    .filter((term) => term.kind !== 'number')
    .sort((x, y) => topicScore(y) - topicScore(x) || x.firstSeen - y.firstSeen)[0];
  const shortfall =
    questions.length < settings.numQuestions ? `（この文章から作れたのは${questions.length}問です）` : '';
  const title =
    topic && topic.surface.length <= 40
      ? `「${topic.surface}」に関するクイズ`
      : `${settings.category}のクイズ`;
  // The same check as a model's output gets: what the web app loads into the form must save as is.
  const quiz = generatedQuizSchema.parse({
    title: title.slice(0, 100),
    description: `入力された文章から作成した${settings.difficulty}の穴埋め問題${questions.length}問です。${shortfall}`,
    questions,
  });
  return { ...quiz, provider: 'offline' };
}
