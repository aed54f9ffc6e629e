import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { AI_MESSAGES } from '@shared/ai';
import type { Difficulty } from '@shared/constants';
import {
  OPTION_KEYS,
  studyQuestionSchema,
  type OptionKey,
  type StudyQuestion,
  type StudyQuestionType,
} from '@shared/focused-study';
import { chooseDistractors, stressed, type DistractorTier } from './distractors';
import { UnusableMaterialError } from './errors';
import { analyseMaterial, type AnalysedSentence, type Analysis, type Term } from './key-terms';
import { seededRandom } from '../lib/seeded-random';
import { hashOf, salience } from './offline-generator';
import {
  answerPositions,
  BLANK,
  blankOut,
  explanationOf,
  placeAnswer,
  pointsBack,
  stemOf,
  withoutConnective,
} from './question-stems';
import { isSpecific } from './term-classes';
import { japaneseTokenizer } from './tokenizer';

/**
 * The offline generator of focused-study questions: all three types, from the member's own
 * material, using the quiz generator's analysis (sentences, key terms and their kinds, distractors
 * of the same kind; offline-generator.ts):
 * - multiple_choice: a key term asked about as the quiz generator asks (a question rewritten from
 *   its sentence, or a blank; question-stems.ts); the other three options are terms of its class;
 *   the correct letters of a study run are spread over A–D;
 * - multiple_select: 4–5 statements, some copied from the material and the others made false by
 *   putting another term of the same class in place of one of theirs; pick every true one;
 * - sort_order: events by their year or date (the date is taken out of each option), a numbered
 *   list of steps, or a passage told with sequence words (まず、次に、最後に / First, Then,
 *   Finally). Sentences are never asked in the order the text happens to give them: that order
 *   says nothing about the subject.
 * A seed makes each study run different, and questions of the last study run (`avoid`) come only when
 * nothing else is left; the same request always gives the same questions.
 */
export interface StudyGenerationRequest {
  material: string;
  count: number;
  difficulty: Difficulty;
  types: readonly StudyQuestionType[];
  seed: string;
  /** Fingerprints (`questionFingerprint`) of questions asked lately: asked again only when nothing else is left. */
  avoid: readonly string[];
}

/** A generated question (of any of the three types); the caller gives it its id. */
export type GeneratedStudyQuestion = StudyQuestion extends infer Question
  ? Question extends StudyQuestion
    ? Omit<Question, 'id'>
    : never
  : never;

/** What identifies a question's content, whatever its id and the order of its options. */
export const questionFingerprint = (question: Pick<StudyQuestion, 'text' | 'options'>) =>
  [question.text, ...Object.values(question.options).sort()].join('\n');

type Sentence = AnalysedSentence;

interface Material {
  analysis: Analysis;
  sentences: Sentence[];
  terms: Map<string, Term>;
  /** The material's lines, for numbered lists of steps. */
  lines: string[];
  /** Every sentence, whitespace removed: a statement made false must not be one of them. */
  texts: Set<string>;
  /** Terms the material offers no three others of their class for (per tier), found out once. */
  alone: Set<string>;
  tokenizer: Tokenizer<IpadicFeatures>;
}

interface Candidate {
  /** The question; built when chosen where that is costly (null: it cannot be made after all). */
  build: () => GeneratedStudyQuestion | null;
  /** Known not to be buildable without trying (its term has too few others of its class): not a failure. */
  hopeless?: () => boolean;
  score: number;
  /** Sentences it asks about: a study run asks about each at most once. */
  sentences: number[];
  /** Its options are of a lower tier (distractors.ts): only for a study run the text cannot fill otherwise. */
  fallback?: boolean;
}

const SENTENCE_MIN = 12;
const SENTENCE_MAX = 300;
/** A statement or an event fits an option, and reads in one glance. */
const STATEMENT_MAX = 120;
const STATEMENT_MIN = 10;
/**
 * Candidates given up on (no distractors, no false statement) before the search stops: each try
 * searches every term, so this keeps costly material within the worker's time.
 */
const MAX_FAILURES = 200;
/** Questions a study run gets from a text whose own evidence supports none. */
const MIN_QUESTIONS = 3;
const compact = (text: string) => text.replace(/\s+/g, '');

/** Analyses the material once for every builder. */
async function analyse(material: string): Promise<Material> {
  const tokenizer = await japaneseTokenizer();
  const analysis = await analyseMaterial(material);
  return {
    analysis,
    sentences: analysis.sentences,
    terms: analysis.terms,
    lines: material
      .normalize('NFKC')
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => line.trim()),
    texts: new Set(analysis.sentences.map((sentence) => compact(sentence.text))),
    alone: new Set(),
    tokenizer,
  };
}

/** Options keyed A, B, C... in the order given, and the key each entry got. */
function keyed<T>(entries: readonly T[], label: (entry: T) => string) {
  const options: Partial<Record<OptionKey, string>> = {};
  const keys = new Map<T, OptionKey>();
  entries.forEach((entry, index) => {
    const key = OPTION_KEYS[index]!;
    options[key] = label(entry);
    keys.set(entry, key);
  });
  return { options, keys };
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled;
}

/** A shuffle that never leaves the items in their right order (a sort would then be done already). */
function scrambled<T>(items: readonly T[], random: () => number): T[] {
  const shuffled = shuffle(items, random);
  if (shuffled.every((item, index) => item === items[index])) shuffled.push(shuffled.shift()!);
  return shuffled;
}

// ---------------------------------------------------------------- multiple choice

/** Questions whose options the text's evidence supports first; the lower tiers only fill a study run. */
const TIER_PENALTY: Record<DistractorTier, number> = { 1: 0, 2: 10, 3: 20 };

function multipleChoice(material: Material, difficulty: Difficulty, random: () => number): Candidate[] {
  const candidates: Candidate[] = [];
  for (const sentence of material.sentences) {
    if (!sentence.first || sentence.text.length < SENTENCE_MIN || sentence.text.length > SENTENCE_MAX)
      continue;
    const body = withoutConnective(sentence.text);
    for (const surface of sentence.terms) {
      const term = material.terms.get(surface)!;
      const blanked = blankOut(body, surface);
      // A term that is most of the sentence leaves nothing to read; one that stands twice, two blanks.
      if (blanked.split(BLANK).length !== 2 || blanked.replace(BLANK, '').length < surface.length + 5)
        continue;
      const score =
        salience(term) +
        Math.min(term.count, 4) * (difficulty === '初級' ? 0.8 : difficulty === '上級' ? -0.3 : 0) +
        random() * 1.5;
      for (const tier of [1, 2, 3] as DistractorTier[]) {
        // Below the last tier, only the terms a text stresses are asked about among ordinary nouns.
        if (tier < 3 && !isSpecific(term.cls) && !stressed(term)) continue;
        candidates.push({
          // Distractors cost a search of every term: only for the candidates chosen.
          build: () => fillInTheBlank(sentence, term, material, difficulty, tier),
          hopeless: () => material.alone.has(`${tier}|${term.surface}`),
          score: score - TIER_PENALTY[tier],
          sentences: [sentence.index],
          ...(tier > 1 ? { fallback: true } : {}),
        });
      }
    }
  }
  return candidates;
}

function fillInTheBlank(
  sentence: Sentence,
  term: Term,
  material: Material,
  difficulty: Difficulty,
  tier: DistractorTier,
): GeneratedStudyQuestion | null {
  if (material.alone.has(`${tier}|${term.surface}`)) return null;
  const stem = stemOf(
    material.analysis,
    sentence,
    term,
    material.tokenizer,
    hashOf(`${sentence.text}|${term.surface}`),
  );
  if (!stem) return null;
  const distractors = chooseDistractors(term, stem.shown, material.terms, difficulty, tier);
  if (!distractors) {
    if (!chooseDistractors(term, '', material.terms, difficulty, tier))
      material.alone.add(`${tier}|${term.surface}`);
    return null;
  }
  // The answer's place is set once the study run is chosen (balancedLetters).
  const { options, keys } = keyed([term.surface, ...distractors.options], (label) => label);
  return {
    type: 'multiple_choice',
    text: stem.text,
    options,
    correctAnswer: keys.get(term.surface)!,
    explanation: explanationOf(material.analysis, sentence, term, stem),
  };
}

// ---------------------------------------------------------------- multiple select

/** A statement of the material made false: one of its terms swapped for another of the same kind. */
interface FalseStatement {
  sentence: Sentence;
  text: string;
  original: string;
  replacement: string;
}

function falsified(sentence: Sentence, material: Material, difficulty: Difficulty): FalseStatement | null {
  const statement = withoutConnective(sentence.text);
  // Names and numbers first: swapping them makes a statement clearly false.
  const terms = sentence.terms
    .map((surface) => material.terms.get(surface)!)
    .filter((term) => statement.includes(term.surface))
    .sort((x, y) => salience(y) - salience(x) || x.firstSeen - y.firstSeen);
  for (const tier of [1, 2] as DistractorTier[])
    for (const term of terms.slice(0, 3)) {
      if (material.alone.has(`${tier}|${term.surface}`)) continue;
      const distractors = chooseDistractors(term, statement, material.terms, difficulty, tier);
      const replacement = distractors?.options[0];
      if (!replacement) continue;
      const text = blankOut(statement, term.surface).split(BLANK).join(replacement);
      if (text.length <= STATEMENT_MAX + 40 && !material.texts.has(compact(text)))
        return { sentence, text, original: term.surface, replacement };
    }
  return null;
}

function multipleSelect(material: Material, difficulty: Difficulty, random: () => number): Candidate[] {
  const size = difficulty === '初級' ? 4 : 5;
  const usable = material.sentences.filter(
    (sentence) =>
      sentence.first &&
      // A statement that leans on the sentence before it («これを…») cannot be judged alone.
      !pointsBack(withoutConnective(sentence.text)) &&
      sentence.text.length >= STATEMENT_MIN &&
      sentence.text.length <= STATEMENT_MAX &&
      sentence.terms.length > 0,
  );
  const candidates: Candidate[] = [];
  // Statements of a question come from one stretch of the text, so they are about one subject.
  for (let start = 0; start + size <= usable.length; start += size) {
    const group = usable.slice(start, start + size);
    candidates.push({
      // Making statements false costs a search of every term: only for the candidates chosen.
      build: () => statements(group, material, difficulty, random),
      score: 4 + random() * 1.5,
      sentences: group.map((sentence) => sentence.index),
    });
  }
  return candidates;
}

/** Some of the sentences as they are, the others made false; pick every true one. */
function statements(
  group: Sentence[],
  material: Material,
  difficulty: Difficulty,
  random: () => number,
): GeneratedStudyQuestion | null {
  const trueCount = group.length === 4 ? 2 : 2 + Math.floor(random() * 2);
  const order = shuffle(group, random);
  const trueOnes = order.slice(0, trueCount);
  const falseOnes = order
    .slice(trueCount)
    .map((sentence) => falsified(sentence, material, difficulty))
    .filter((statement): statement is FalseStatement => statement !== null);
  if (falseOnes.length < 1 || trueOnes.length + falseOnes.length < 4) return null;
  const entries = shuffle<Sentence | FalseStatement>([...trueOnes, ...falseOnes], random);
  const { options, keys } = keyed(entries, (entry) =>
    'replacement' in entry ? entry.text : withoutConnective(entry.text),
  );
  const correct = trueOnes.map((sentence) => keys.get(sentence)!).sort();
  const wrong = falseOnes
    .map((statement) => ({ statement, key: keys.get(statement)! }))
    .sort((x, y) => x.key.localeCompare(y.key));
  return {
    type: 'multiple_select',
    text: '次の文のうち、本文の内容と合っているものをすべて選んでください。',
    options,
    correctAnswer: correct,
    explanation: [
      `本文と合っているのは ${correct.join('、')} です。`,
      ...wrong.map(
        ({ statement, key }) =>
          `${key} は誤りです。本文では「${statement.replacement}」ではなく「${statement.original}」です。`,
      ),
    ].join('\n'),
  };
}

// ---------------------------------------------------------------- sort order

const itemsFor = (difficulty: Difficulty) => (difficulty === '初級' ? 3 : difficulty === '中級' ? 4 : 5);

/** When something happened: the first and the last day it may have been (year × 10,000 + month × 100 + day). */
interface Span {
  from: number;
  to: number;
}

/** The years the eras begin, in order (the last one runs to this day). */
const ERA_STARTS: readonly [string, number][] = [
  ['縄文', -14000],
  ['弥生', -300],
  ['古墳', 250],
  ['飛鳥', 592],
  ['奈良', 710],
  ['平安', 794],
  ['鎌倉', 1185],
  ['室町', 1336],
  ['戦国', 1467],
  ['安土桃山', 1573],
  ['江戸', 1603],
  ['明治', 1868],
  ['大正', 1912],
  ['昭和', 1926],
  ['平成', 1989],
  ['令和', 2019],
];
const years = (from: number, to: number): Span => ({ from: from * 10_000, to: to * 10_000 + 1231 });

/**
 * When a term dates what a sentence tells: a year, with month and day when given (1868年1月3日,
 * 1930), a century (11世紀前半), or an era (平安時代, 明治).
 */
function whenOf(term: Term): Span | null {
  if (term.cls === 'era') {
    const at = ERA_STARTS.findIndex(([era]) => term.surface === era || term.surface === `${era}時代`);
    if (at < 0) return null;
    const next = ERA_STARTS[at + 1]?.[1] ?? 2100;
    // 戦国 overlaps 室町; an era is only ever compared with what lies outside it.
    return years(ERA_STARTS[at]![1], next - 1);
  }
  if (term.kind !== 'number') return null;
  const century = /^(\d{1,2})世紀(前半|後半)?$/u.exec(term.surface);
  if (century) {
    const start = (Number(century[1]) - 1) * 100;
    if (century[2] === '前半') return years(start, start + 49);
    if (century[2] === '後半') return years(start + 50, start + 99);
    return years(start, start + 99);
  }
  const japanese = /^(?:西暦)?(\d{3,4})年(?:(\d{1,2})月(?:(\d{1,2})日)?)?$/u.exec(term.surface);
  if (japanese) {
    const year = Number(japanese[1]) * 10_000;
    if (!japanese[2]) return { from: year, to: year + 1231 };
    const month = year + Number(japanese[2]) * 100;
    return japanese[3]
      ? { from: month + Number(japanese[3]), to: month + Number(japanese[3]) }
      : { from: month, to: month + 31 };
  }
  const english = /^(\d{4})$/.exec(term.surface);
  if (english && Number(english[1]) >= 1000 && Number(english[1]) <= 2100)
    return years(Number(english[1]), Number(english[1]));
  return null;
}

const overlap = (x: Span, y: Span) => x.from <= y.to && y.from <= x.to;

/**
 * The sentence without its date and the words that tie the date in («1868年に», «in 1930,»), and
 * without a connective opening it; null when the date cannot be taken out cleanly («the Factory Act
 * of 1833» would leave «of» behind).
 */
function withoutDate(sentence: string, date: string): string | null {
  const english = /^\d{4}$/.test(date);
  // The date ties in as when the sentence happens (「1582年、」「1871年には」「大正時代には」); an era
  // before 「の」 is part of something else (「平安時代の中ごろ」).
  const tie = /\d/.test(date) ? 'になると|には|にも|に|の|から|まで|は|も' : 'になると|には|に|は';
  const at = english
    ? new RegExp(`\\s*\\b(?:in|In|by|By|on|On)\\s+(?<!\\d)${date}(?!\\d),?`, 'u')
    : new RegExp(`(?:翌|同)?${date}(?:(?:${tie})、?|、)`, 'u');
  if (!at.test(sentence)) return null;
  return withoutConnective(
    sentence
      .replace(at, english ? ' ' : '')
      .replace(/\s{2,}/g, ' ')
      .replace(/\s+([,.、。])/g, '$1')
      .replace(/^[\s、,]+/, '')
      .trim()
      .replace(/^[a-z]/, (letter) => letter.toUpperCase()),
  );
}

interface SortItem {
  label: string;
  /** What the explanation says about it (its date, its number). */
  note: string;
  sentence: number;
}

function sortQuestion(
  items: SortItem[],
  text: string,
  explain: (ordered: string) => string,
  score: number,
  random: () => number,
): Candidate {
  const { options, keys } = keyed(scrambled(items, random), (item) => item.label);
  const ordered = items.map((item) => `${keys.get(item)}（${item.note}）`).join(' → ');
  const question: GeneratedStudyQuestion = {
    type: 'sort_order',
    text,
    options,
    correctAnswer: items.map((item) => keys.get(item)!),
    explanation: explain(ordered),
  };
  return {
    build: () => question,
    score,
    sentences: items.map((item) => item.sentence),
  };
}

/**
 * Events in time order: sentences with exactly one date (a year, a century or an era), the date
 * taken out of the option. A question only puts together events whose times do not overlap (an
 * event of 明治時代 is not set against one of 1890年).
 */
function chronology(material: Material, difficulty: Difficulty, random: () => number): Candidate[] {
  const events: (SortItem & { when: Span })[] = [];
  const labels = new Set<string>();
  for (const sentence of material.sentences) {
    const dated = sentence.terms
      .map((surface) => ({ surface, when: whenOf(material.terms.get(surface)!) }))
      .filter((entry): entry is { surface: string; when: Span } => entry.when !== null);
    if (dated.length !== 1) continue;
    const { surface, when } = dated[0]!;
    if (events.some((event) => event.when.from === when.from && event.when.to === when.to)) continue;
    const label = withoutDate(sentence.text, surface);
    // An event told as «He died…» does not say whose.
    if (
      !label ||
      pointsBack(label) ||
      label.length < STATEMENT_MIN ||
      label.length > STATEMENT_MAX + 60 ||
      /\d{4}/.test(label)
    )
      continue;
    // The same event told twice (with another year) would be two equal options.
    if (labels.has(label)) continue;
    labels.add(label);
    events.push({ label, note: surface, sentence: sentence.index, when });
  }
  const size = itemsFor(difficulty);
  const candidates: Candidate[] = [];
  // Groups of events whose times do not overlap, in a shuffled order so study runs differ.
  const groups: (typeof events)[] = [];
  for (const event of shuffle(events, random)) {
    const group = groups.find(
      (entry) => entry.length < size && entry.every((other) => !overlap(other.when, event.when)),
    );
    if (group) group.push(event);
    else groups.push([event]);
  }
  for (const group of groups.filter((entry) => entry.length >= 3)) {
    const byYear = group.every((event) => /\d/.test(event.note) && !/世紀/u.test(event.note));
    candidates.push(
      sortQuestion(
        group.sort((x, y) => x.when.from - y.when.from),
        byYear
          ? '次の出来事を、起きた年の古い順に並べ替えてください。'
          : '次の出来事を、起きた時期の古い順に並べ替えてください。',
        (ordered) => `古い順に ${ordered} です。`,
        5 + random() * 1.5,
        random,
      ),
    );
  }
  return candidates;
}

/** Numbered lists looked at (a study run has at most 30 questions). */
const MAX_LISTS = 50;

const STEP_LINE =
  /^(?:(\d{1,2})\s*[.)．、:：]|[（(](\d{1,2})[)）]|([①-⑳])|(?:手順|ステップ|Step|STEP)\s*(\d{1,2})\s*[.)．、:：]?)\s*(.+)$/u;
const stepNumber = (match: RegExpExecArray) =>
  match[3] ? match[3].charCodeAt(0) - 0x2460 + 1 : Number(match[1] ?? match[2] ?? match[4]);

/** Numbered lists (1. 2. 3. / ①②③ / 手順1…): their steps in order. */
function numberedSteps(material: Material, difficulty: Difficulty, random: () => number): Candidate[] {
  const candidates: Candidate[] = [];
  const sentenceOf = (text: string) =>
    material.sentences.find((sentence) => text.includes(sentence.text) || sentence.text.includes(text))
      ?.index ?? -1;
  let index = 0;
  // Enough lists for any study run; a text of thousands of numbered lines is not read through.
  while (index < material.lines.length && candidates.length < MAX_LISTS) {
    const steps: { label: string; number: number }[] = [];
    const title = material.lines[index - 1];
    for (let at = index; at < material.lines.length; at++) {
      const match = STEP_LINE.exec(material.lines[at]!);
      if (!match || stepNumber(match) !== steps.length + 1) break;
      steps.push({ label: match[5]!.trim(), number: steps.length + 1 });
    }
    if (steps.length < 3) {
      index += 1;
      continue;
    }
    index += steps.length;
    const usable = steps.filter((step) => step.label.length >= 2 && step.label.length <= 200);
    if (usable.length !== steps.length) continue;
    // A long list is asked about in one stretch of it (options are at most six).
    const size = Math.min(steps.length, itemsFor(difficulty) + 1, 6);
    const start = Math.floor(random() * (steps.length - size + 1));
    const window = steps.slice(start, start + size).map((step) => ({
      label: step.label,
      note: `手順${step.number}`,
      sentence: sentenceOf(step.label),
    }));
    const subject =
      title && title.length <= 40 && !/[。.!?！？]$/.test(title) && !STEP_LINE.test(title)
        ? `「${title.replace(/[:：]$/, '')}」の`
        : '次の';
    candidates.push(
      sortQuestion(
        window,
        `${subject}手順を、正しい順に並べ替えてください。`,
        (ordered) => `正しい順序は ${ordered} です。`,
        5.5 + random() * 1.5,
        random,
      ),
    );
  }
  return candidates;
}

const FIRST_WORDS = /^(?:まず|最初に|はじめに|始めに|初めに|第一に|First(?:ly)?|To begin(?: with)?)[、,\s]*/u;
const NEXT_WORDS =
  /^(?:次に|続いて|その後|それから|さらに|そして|第[二三四五]に|Then|Next|After that|Afterwards|Second(?:ly)?|Third(?:ly)?)[、,\s]*/u;
const LAST_WORDS = /^(?:最後に|最終的に|最後は|Finally|Lastly|In the end)[、,\s]*/u;

/** The words that would give the order away. */
const withoutSequenceWords = (text: string) =>
  text.replace(FIRST_WORDS, '').replace(NEXT_WORDS, '').replace(LAST_WORDS, '');

/** A passage told with sequence words: まず…、次に…、最後に… (or First, Then, Finally). */
function sequencePassages(material: Material, difficulty: Difficulty, random: () => number): Candidate[] {
  const candidates: Candidate[] = [];
  const { sentences } = material;
  for (let start = 0; start < sentences.length; start++) {
    if (!FIRST_WORDS.test(sentences[start]!.text)) continue;
    const chain = [sentences[start]!];
    for (let at = start + 1; at < sentences.length; at++) {
      const text = sentences[at]!.text;
      if (FIRST_WORDS.test(text)) break;
      if (!NEXT_WORDS.test(text) && !LAST_WORDS.test(text)) break;
      chain.push(sentences[at]!);
      if (LAST_WORDS.test(text)) break;
    }
    if (chain.length < 3) continue;
    const items = chain.slice(0, 6).map((sentence, position) => ({
      label: withoutSequenceWords(sentence.text),
      note: `${position + 1}番目`,
      sentence: sentence.index,
    }));
    if (items.some((item) => item.label.length < 4 || item.label.length > 200)) continue;
    candidates.push(
      sortQuestion(
        items,
        '本文で説明されている順序になるように、次の内容を並べ替えてください。',
        (ordered) => `本文では ${ordered} の順に説明されています。`,
        5.5 + random() * 1.5 - (difficulty === '初級' ? 0 : 0.2),
        random,
      ),
    );
    start += chain.length - 1;
  }
  return candidates;
}

// ---------------------------------------------------------------- choosing

const BUILDERS: Record<
  StudyQuestionType,
  ((material: Material, difficulty: Difficulty, random: () => number) => Candidate[])[]
> = {
  multiple_choice: [multipleChoice],
  multiple_select: [multipleSelect],
  sort_order: [chronology, numberedSteps, sequencePassages],
};

/** How many of each type: the count shared out evenly, in the order the types are listed. */
function shares(count: number, types: readonly StudyQuestionType[]): Map<StudyQuestionType, number> {
  return new Map(
    types.map((type, index) => [
      type,
      Math.floor(count / types.length) + (index < count % types.length ? 1 : 0),
    ]),
  );
}

/** Generates focused-study questions from the material (see the module comment). */
export async function generateStudyOffline(
  request: StudyGenerationRequest,
): Promise<GeneratedStudyQuestion[]> {
  const material = await analyse(request.material);
  const random = seededRandom(`${request.seed}|${request.difficulty}|${request.types.join(',')}`);
  const avoid = new Set(request.avoid);
  const types = request.types.length ? request.types : (['multiple_choice'] as const);

  const pools = new Map(
    types.map((type) => [
      type,
      BUILDERS[type]
        .flatMap((build) => build(material, request.difficulty, random))
        .sort((x, y) => y.score - x.score),
    ]),
  );
  const usedSentences = new Set<number>();
  const usedQuestions = new Set<string>();
  const chosen = new Map<StudyQuestionType, GeneratedStudyQuestion[]>(types.map((type) => [type, []]));
  const total = () => [...chosen.values()].reduce((sum, list) => sum + list.length, 0);

  /**
   * The best question of a type not taken yet. `reuse`: a sentence another question asks about
   * may be asked about again; `again`: a question of the last study run may come back.
   */
  let failures = 0;
  const take = (type: StudyQuestionType, reuse: boolean, again: boolean, fallback: boolean): boolean => {
    const pool = pools.get(type)!;
    for (let index = 0; index < pool.length && failures < MAX_FAILURES; index++) {
      const candidate = pool[index]!;
      if (candidate.fallback && !fallback) continue;
      if (!reuse && candidate.sentences.some((sentence) => usedSentences.has(sentence))) continue;
      if (candidate.hopeless?.()) {
        pool.splice(index--, 1);
        continue;
      }
      const question = candidate.build();
      // The same check as a model's output gets (distinct options, answers among them).
      if (!question || !studyQuestionSchema.safeParse({ ...question, id: 'generated' }).success) {
        pool.splice(index--, 1);
        failures += 1;
        continue;
      }
      const fingerprint = questionFingerprint(question);
      if (usedQuestions.has(fingerprint) || (!again && avoid.has(fingerprint))) continue;
      pool.splice(index, 1);
      for (const sentence of candidate.sentences) usedSentences.add(sentence);
      usedQuestions.add(fingerprint);
      chosen.get(type)!.push(question);
      return true;
    }
    return false;
  };

  // Types take turns, each up to its share, then any type fills what is missing. Only when that
  // falls short are sentences asked about twice, and after that questions of the last study run
  // repeated. Single-choice questions with weaker options (a lower tier) only make a study run of a
  // text that offers no question otherwise (rather than refusing it): a teacher would rather ask
  // fewer questions than weak ones.
  const wanted = shares(request.count, types);
  const stages: [(type: StudyQuestionType) => number, number, boolean][] = [
    [(type) => wanted.get(type)!, request.count, false],
    [() => request.count, request.count, false],
    [() => request.count, Math.min(request.count, MIN_QUESTIONS), true],
  ];
  for (const [limit, goal, fallback] of stages) {
    if (fallback && total() > 0) break;
    for (const [reuse, again] of [
      [false, false],
      [true, false],
      [true, true],
    ] as const) {
      let progressed = true;
      while (progressed && total() < goal) {
        progressed = false;
        for (const type of types)
          if (chosen.get(type)!.length < limit(type) && total() < goal && take(type, reuse, again, fallback))
            progressed = true;
      }
    }
  }
  if (total() === 0) throw new UnusableMaterialError(AI_MESSAGES.notEnoughMaterial);

  // Types take turns, so a study run mixes them from its first questions.
  const questions: GeneratedStudyQuestion[] = [];
  for (let round = 0; questions.length < total(); round++)
    for (const type of types) {
      const question = chosen.get(type)![round];
      if (question) questions.push(question);
    }
  return balancedLetters(questions, random);
}

/**
 * The study run's single-choice questions with their correct options spread over A–D (each letter
 * within one of even), the wrong options shuffled around them.
 */
function balancedLetters(
  questions: GeneratedStudyQuestion[],
  random: () => number,
): GeneratedStudyQuestion[] {
  const positions = answerPositions(
    questions.filter((question) => question.type === 'multiple_choice').length,
    random,
  );
  let next = 0;
  return questions.map((question) => {
    if (question.type !== 'multiple_choice') return question;
    const answer = question.options[question.correctAnswer]!;
    const wrong = Object.values(question.options).filter((option) => option !== answer);
    const position = positions[next++]!;
    const { options } = keyed(placeAnswer(answer, wrong, position, random), (label) => label);
    return { ...question, options, correctAnswer: OPTION_KEYS[position]! };
  });
}
