import { AI_MESSAGES } from '@shared/ai';
import type { Difficulty } from '@shared/constants';
import {
  OPTION_KEYS,
  studyQuestionSchema,
  type OptionKey,
  type StudyQuestion,
  type StudyQuestionType,
} from '@shared/focused-study';
import { englishTermsOf, isEnglishSentence, lowerCaseWords } from './english-terms';
import { UnusableMaterialError } from './errors';
import {
  BLANK,
  blankOut,
  chooseDistractors,
  KIND_WEIGHT,
  seededRandom,
  splitSentences,
  tallyTerms,
  termsOf,
  type FoundTerm,
  type Term,
  type TermKind,
} from './offline-generator';
import { japaneseTokenizer, tokenize } from './tokenizer';

/**
 * The offline generator of focused-study questions: all three types, from the member's own
 * material, using the quiz generator's analysis (sentences, key terms and their kinds, distractors
 * of the same kind; offline-generator.ts):
 * - multiple_choice: one sentence with a key term blanked out; the other three options are terms
 *   of the same kind from the material;
 * - multiple_select: 4–5 statements, some copied from the material and the others made false by
 *   putting another term of the same kind in place of one of theirs; pick every true one;
 * - sort_order, whatever order the material has: events by their year or date (the date is taken
 *   out of each option), a numbered list of steps, a passage told with sequence words
 *   (まず、次に、最後に / First, Then, Finally), and only failing those, sentences in the order the
 *   text gives them.
 * A seed makes each session different, and questions of the last session (`avoid`) come only when
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

interface Sentence {
  index: number;
  text: string;
  terms: string[];
  /** The text goes on in the same paragraph after it. */
  paragraphGoesOn: boolean;
  /** Its first occurrence (a running header or a pasted paragraph comes again). */
  first: boolean;
}

interface Material {
  sentences: Sentence[];
  terms: Map<string, Term>;
  /** The material's lines, for numbered lists of steps. */
  lines: string[];
  /** Every sentence, whitespace removed: a statement made false must not be one of them. */
  texts: Set<string>;
  /** Terms the material offers no three others of their kind for, found out once. */
  alone: Set<string>;
}

interface Candidate {
  /** The question; built when chosen where that is costly (null: it cannot be made after all). */
  build: () => GeneratedStudyQuestion | null;
  score: number;
  /** Sentences it asks about: a session asks about each at most once. */
  sentences: number[];
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
const compact = (text: string) => text.replace(/\s+/g, '');

/** Analyses the material once for every builder. */
async function analyse(material: string): Promise<Material> {
  const tokenizer = await japaneseTokenizer();
  const normalised = material.normalize('NFKC').replace(/\r\n?/g, '\n');
  const paragraphs = normalised.split(/\n\s*\n/);
  const english = lowerCaseWords(splitSentences(normalised).filter(isEnglishSentence));
  const terms = new Map<string, Term>();
  const sentences: Sentence[] = [];
  const texts = new Set<string>();
  const analysed = new Map<string, FoundTerm[]>();
  let position = 0;
  for (const paragraph of paragraphs) {
    const inParagraph = splitSentences(paragraph);
    inParagraph.forEach((text, at) => {
      const first = !texts.has(compact(text));
      texts.add(compact(text));
      let found = analysed.get(text);
      if (!found) {
        found = isEnglishSentence(text) ? englishTermsOf(text, english) : termsOf(tokenize(tokenizer, text));
        analysed.set(text, found);
      }
      position = tallyTerms(terms, found, position);
      sentences.push({
        index: sentences.length,
        text,
        terms: [...new Set(found.map((term) => term.surface))],
        paragraphGoesOn: at < inParagraph.length - 1,
        first,
      });
    });
  }
  return {
    sentences,
    terms,
    lines: normalised.split('\n').map((line) => line.trim()),
    texts,
    alone: new Set(),
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

const KIND_NAMES: Partial<Record<TermKind, string>> = { person: '人物', place: '地名', number: '数値' };

function multipleChoice(material: Material, difficulty: Difficulty, random: () => number): Candidate[] {
  const candidates: Candidate[] = [];
  for (const sentence of material.sentences) {
    if (sentence.text.length < SENTENCE_MIN || sentence.text.length > SENTENCE_MAX) continue;
    for (const surface of sentence.terms) {
      const term = material.terms.get(surface)!;
      const blanked = blankOut(sentence.text, surface);
      // A term that is most of the sentence leaves nothing to read.
      if (!blanked.includes(BLANK) || blanked.replace(BLANK, '').length < surface.length + 5) continue;
      candidates.push({
        // Distractors cost a search of every term: only for the candidates chosen.
        build: () => fillInTheBlank(sentence, term, material, difficulty, random),
        score:
          KIND_WEIGHT[term.kind] +
          Math.min(term.count, 4) * (difficulty === '初級' ? 0.8 : difficulty === '上級' ? -0.3 : 0.3) +
          random() * 1.5,
        sentences: [sentence.index],
      });
    }
  }
  return candidates;
}

function fillInTheBlank(
  sentence: Sentence,
  term: Term,
  material: Material,
  difficulty: Difficulty,
  random: () => number,
): GeneratedStudyQuestion | null {
  if (material.alone.has(term.surface)) return null;
  const distractors = chooseDistractors(term, sentence.text, material.terms, difficulty);
  if (!distractors) {
    if (!chooseDistractors(term, '', material.terms, difficulty)) material.alone.add(term.surface);
    return null;
  }
  const labels = shuffle([term.surface, ...distractors.options], random);
  const { options, keys } = keyed(labels, (label) => label);
  const kind = KIND_NAMES[term.kind] ?? '語句';
  return {
    type: 'multiple_choice',
    text: `本文の内容に合うように、${BLANK}に入る${kind}を1つ選んでください。\n「${blankOut(sentence.text, term.surface)}」`,
    options,
    correctAnswer: keys.get(term.surface)!,
    explanation: `正解は「${term.surface}」です。本文には「${sentence.text}」と書かれています。`,
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
  // Names and numbers first: swapping them makes a statement clearly false.
  const terms = sentence.terms
    .map((surface) => material.terms.get(surface)!)
    .sort((x, y) => KIND_WEIGHT[y.kind] - KIND_WEIGHT[x.kind] || x.firstSeen - y.firstSeen);
  for (const term of terms.slice(0, 3)) {
    if (material.alone.has(term.surface)) continue;
    const distractors = chooseDistractors(term, sentence.text, material.terms, difficulty);
    const replacement = distractors?.options[0];
    if (!replacement) continue;
    const text = blankOut(sentence.text, term.surface).split(BLANK).join(replacement);
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
  const { options, keys } = keyed(entries, (entry) => entry.text);
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

/** A date in a term: a year, with month and day when given (1868年1月3日, 1930). */
function dateOf(term: Term): number | null {
  if (term.kind !== 'number') return null;
  const japanese = /^(?:西暦)?(\d{3,4})年(?:(\d{1,2})月(?:(\d{1,2})日)?)?$/.exec(term.surface);
  if (japanese)
    return Number(japanese[1]) * 10_000 + Number(japanese[2] ?? 0) * 100 + Number(japanese[3] ?? 0);
  const year = /^(\d{4})$/.exec(term.surface);
  if (year && Number(year[1]) >= 1000 && Number(year[1]) <= 2100) return Number(year[1]) * 10_000;
  return null;
}

/** The sentence without its date and the words that tie the date in («1868年に», «in 1930,»). */
function withoutDate(sentence: string, date: string): string {
  const at = /^\d{4}$/.test(date)
    ? new RegExp(`(?:\\s*\\b(?:in|In|by|By|on|On)\\s+)?(?<!\\d)${date}(?!\\d),?`, 'u')
    : new RegExp(`(?:翌|同)?${date}(?:には|にも|に|の|から|まで|は|も)?、?`, 'u');
  return sentence
    .replace(at, /^\d{4}$/.test(date) ? ' ' : '')
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.、。])/g, '$1')
    .replace(/^[\s、,]+/, '')
    .trim()
    .replace(/^[a-z]/, (letter) => letter.toUpperCase());
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

/** Events by year: sentences with exactly one date, the date taken out of the option. */
function chronology(material: Material, difficulty: Difficulty, random: () => number): Candidate[] {
  const events: (SortItem & { date: number })[] = [];
  const dates = new Set<number>();
  const labels = new Set<string>();
  for (const sentence of material.sentences) {
    const dated = sentence.terms
      .map((surface) => ({ surface, date: dateOf(material.terms.get(surface)!) }))
      .filter((entry): entry is { surface: string; date: number } => entry.date !== null);
    if (dated.length !== 1 || dates.has(dated[0]!.date)) continue;
    const { surface, date } = dated[0]!;
    const label = withoutDate(sentence.text, surface);
    if (label.length < STATEMENT_MIN || label.length > STATEMENT_MAX + 60 || /\d{4}/.test(label)) continue;
    // The same event told twice (with another year) would be two equal options.
    if (labels.has(label)) continue;
    labels.add(label);
    dates.add(date);
    events.push({ label, note: surface, sentence: sentence.index, date });
  }
  const size = itemsFor(difficulty);
  const candidates: Candidate[] = [];
  for (const group of groupsOf(shuffle(events, random), size)) {
    candidates.push(
      sortQuestion(
        group.sort((x, y) => x.date - y.date),
        '次の出来事を、起きた年の古い順に並べ替えてください。',
        (ordered) => `古い順に ${ordered} です。`,
        5 + random() * 1.5,
        random,
      ),
    );
  }
  return candidates;
}

/** Splits into groups of `size`; a remainder of at least 3 makes a smaller group. */
function groupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    const group = items.slice(start, start + size);
    if (group.length >= 3) groups.push(group);
  }
  return groups;
}

/** Numbered lists looked at (a session has at most 30 questions). */
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
  // Enough lists for any session; a text of thousands of numbered lines is not read through.
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

/** The last resort: sentences of one paragraph in the order the text gives them. */
function textOrder(material: Material, difficulty: Difficulty, random: () => number): Candidate[] {
  const size = itemsFor(difficulty);
  const candidates: Candidate[] = [];
  let run: Sentence[] = [];
  const flush = () => {
    for (const group of groupsOf(run, size))
      candidates.push(
        sortQuestion(
          group.map((sentence, position) => ({
            label: withoutSequenceWords(sentence.text),
            note: `${position + 1}番目`,
            sentence: sentence.index,
          })),
          '次の文を、本文に書かれている順に並べ替えてください。',
          (ordered) => `本文では ${ordered} の順に書かれています。`,
          1 + random(),
          random,
        ),
      );
    run = [];
  };
  for (const sentence of material.sentences) {
    const fits =
      sentence.first && sentence.text.length >= STATEMENT_MIN && sentence.text.length <= STATEMENT_MAX;
    if (fits) run.push(sentence);
    if (!fits || !sentence.paragraphGoesOn) flush();
  }
  flush();
  return candidates;
}

// ---------------------------------------------------------------- choosing

const BUILDERS: Record<
  StudyQuestionType,
  ((material: Material, difficulty: Difficulty, random: () => number) => Candidate[])[]
> = {
  multiple_choice: [multipleChoice],
  multiple_select: [multipleSelect],
  sort_order: [chronology, numberedSteps, sequencePassages, textOrder],
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
   * may be asked about again; `again`: a question of the last session may come back.
   */
  let failures = 0;
  const take = (type: StudyQuestionType, reuse: boolean, again: boolean): boolean => {
    const pool = pools.get(type)!;
    for (let index = 0; index < pool.length && failures < MAX_FAILURES; index++) {
      const candidate = pool[index]!;
      if (!reuse && candidate.sentences.some((sentence) => usedSentences.has(sentence))) continue;
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
  // falls short are sentences asked about twice, and after that questions of the last session repeated.
  const wanted = shares(request.count, types);
  for (const limit of [(type: StudyQuestionType) => wanted.get(type)!, () => request.count])
    for (const [reuse, again] of [
      [false, false],
      [true, false],
      [true, true],
    ] as const) {
      let progressed = true;
      while (progressed && total() < request.count) {
        progressed = false;
        for (const type of types)
          if (chosen.get(type)!.length < limit(type) && total() < request.count && take(type, reuse, again))
            progressed = true;
      }
    }
  if (total() === 0) throw new UnusableMaterialError(AI_MESSAGES.notEnoughMaterial);

  // Types take turns, so a session mixes them from its first questions.
  const questions: GeneratedStudyQuestion[] = [];
  for (let round = 0; questions.length < total(); round++)
    for (const type of types) {
      const question = chosen.get(type)![round];
      if (question) questions.push(question);
    }
  return questions;
}
