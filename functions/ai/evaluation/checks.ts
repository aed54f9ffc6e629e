import type { AiSettings, GeneratedQuiz } from '@shared/ai';
import { ANSWER_LETTERS } from '@shared/constants';
import { generateOffline } from '../offline-generator';
import { BLANK } from '../question-stems';
import { generateStudyOffline, type GeneratedStudyQuestion } from '../study-generator';
import { japaneseTokenizer } from '../tokenizer';
import { EVALUATION_PASSAGES, type EvaluationPassage } from './passages';

/**
 * Simple automatic checks of the offline generator's questions over the evaluation set
 * (passages.ts), the figures `npm run bench -- ai` reports and the evaluation test holds to. A
 * question passes when a teacher would keep it as it is:
 * - key term: its answer is one of the terms the teacher expects to be asked;
 * - same class: every wrong option is of the answer's class (a person among persons; a number
 *   with the answer's counter or unit);
 * - stem: it reads as a question or a well-formed blank (see `stemProblems`);
 * - context: the explanation quotes a sentence of the text the question does not already show;
 * - letters: the quiz it belongs to spreads its correct answers over A–D (each within ±1 of even).
 * Sort-order questions of focused study pass when their events are in time order.
 */
export const EVALUATION_TARGET = 0.9;

/** Words that tie a sentence to the one before: a question never starts with one. */
const CONNECTIVE =
  /^(?:また|さらに|しかし|一方|そして|なお|ただし|つまり|このように|その後|そのため|したがって|ところが|やがて|こうして|それから|そこで|ところで|例えば|たとえば|特に|まず|次に|最後に|これに対して|同じころ|同じ年に)、|^(?:Also|However|Moreover|Furthermore|In addition|Meanwhile|Therefore|Thus|Besides|Then|Finally|Instead|Likewise|Similarly|For this reason|Inside|Before it),?\s/u;
/** Words that point back to a sentence the question does not show. */
const POINTING_BACK =
  /^(?:これ|それ|この|その|こうした|このような|そうした|こう|彼|彼女|This|These|That|Those|It|They|He|She|His|Her|Its|Their)(?![\p{L}])|^(?:これ|それ|この|その|こうした|このような|そうした)/u;
/** Interrogatives a rewritten question asks with. */
const INTERROGATIVE = /何|誰|どこ|いつ|どれ|どの|いくつ|どのよう/u;

/** Two particles in a row that Japanese allows (には, では, への…); any other pair is a slip. */
const PARTICLE_PAIRS = new Set([
  'には',
  'では',
  'とは',
  'からは',
  'へは',
  'までは',
  'にも',
  'でも',
  'とも',
  'からも',
  'へも',
  'への',
  'での',
  'との',
  'からの',
  'までの',
  'のは',
  'のが',
  'のを',
  'のに',
  'ので',
  'のか',
  'かを',
  'かが',
  'かは',
  'までに',
  'だけが',
  'だけを',
  'だけで',
  'ばかりが',
]);

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[。！？!?])|(?<=[.])\s+(?=[A-Z"“(])|\n+/u)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

/** What is wrong with a question's wording (empty when nothing is). */
export async function stemProblems(text: string): Promise<string[]> {
  const problems: string[] = [];
  const lines = text.split('\n');
  let asked: string;
  if (lines.length === 2) {
    const [lead, quoted] = lines as [string, string];
    if (lead.startsWith(BLANK)) problems.push('the lead starts with the blank');
    if (!lead.includes(BLANK)) problems.push('the lead does not point at the blank');
    if (!/[。？?]$/.test(lead)) problems.push('the lead is not a sentence');
    const inner = /^「(.+)」$/su.exec(quoted)?.[1];
    if (!inner) return [...problems, 'the sentence is not quoted'];
    if (inner.split(BLANK).length !== 2) problems.push('not exactly one blank');
    if (!/[。．.!?！？][」』)）"”’]?$/u.test(inner)) problems.push('the sentence is cut off');
    asked = inner;
  } else if (lines.length === 1) {
    const sentences = sentencesOf(text);
    const last = sentences.at(-1) ?? '';
    if (text.includes(BLANK)) problems.push('a blank in a question');
    if (!/か[。？?]$/u.test(last) || !INTERROGATIVE.test(last)) problems.push('does not end as a question');
    problems.push(...(await particleProblems(last)));
    asked = text;
  } else return ['neither a question nor a lead and a sentence'];
  const first = sentencesOf(asked)[0] ?? '';
  if (CONNECTIVE.test(first)) problems.push(`starts with a connective: ${first.slice(0, 8)}`);
  else if (POINTING_BACK.test(first))
    problems.push(`points back to a sentence not shown: ${first.slice(0, 8)}`);
  return problems;
}

/** A particle where no particle can be: at the start, right before the closing か, or two that do not pair. */
async function particleProblems(question: string): Promise<string[]> {
  const tokens = (await japaneseTokenizer()).tokenize(question);
  const problems: string[] = [];
  const first = tokens[0];
  if (first && (first.pos === '助詞' || first.pos === '助動詞')) problems.push('starts with a particle');
  for (let i = 1; i < tokens.length; i++) {
    const [previous, token] = [tokens[i - 1]!, tokens[i]!];
    if (
      previous.pos === '助詞' &&
      token.pos === '助詞' &&
      ['格助詞', '係助詞'].includes(previous.pos_detail_1) &&
      ['格助詞', '係助詞'].includes(token.pos_detail_1) &&
      !PARTICLE_PAIRS.has(previous.surface_form + token.surface_form)
    )
      problems.push(`particles that do not pair: ${previous.surface_form}${token.surface_form}`);
  }
  const end = tokens.findLastIndex((token) => token.surface_form === 'か');
  const beforeEnd = tokens[end - 1];
  if (beforeEnd && beforeEnd.pos === '助詞' && beforeEnd.surface_form !== 'の')
    problems.push(`a particle before the closing か: ${beforeEnd.surface_form}`);
  return problems;
}

const unitOf = (option: string) =>
  /^\d{4}$/.test(option) ? '#year' : option.replace(/\d[\d,.]*/g, '#').replace(/^約/, '');

/** Classes of the passage a term is listed under. */
const classesOf = (passage: EvaluationPassage, term: string) =>
  Object.entries(passage.terms)
    .filter(([, terms]) => terms.includes(term))
    .map(([name]) => name);

/** Eras of the Japanese calendar: an era is a fair option for an era whether the text names it or not. */
const ERA =
  /^(?:(?:縄文|弥生|古墳|飛鳥|奈良|平安|鎌倉|室町|戦国|安土桃山|江戸|明治|大正|昭和|平成|令和)時代|明治|大正|昭和|平成|令和)$/u;

/** Whether a wrong option is of the answer's class (numbers: the same counter or unit). */
export function sameClass(passage: EvaluationPassage, answer: string, option: string): boolean {
  if (/\d/.test(answer) && classesOf(passage, answer).every((name) => name === 'number'))
    return /\d/.test(option) && unitOf(option) === unitOf(answer);
  const classes = classesOf(passage, answer).filter((name) => name !== 'number');
  if (classes.includes('era') && ERA.test(option)) return true;
  return classesOf(passage, option).some((name) => classes.includes(name));
}

const isKeyTerm = (passage: EvaluationPassage, term: string) => classesOf(passage, term).length > 0;

/** Whether the explanation quotes a sentence of the passage that the question does not show. */
function addsContext(passage: EvaluationPassage, question: string, answer: string, explanation: string) {
  // The generator reads NFKC-normalised text (「（亜寒帯）」 is quoted as 「(亜寒帯)」).
  const plain = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');
  const shown = plain(question.split(BLANK).join(answer));
  const said = plain(explanation);
  return sentencesOf(passage.text)
    .map(plain)
    .some((sentence) => sentence.length >= 10 && said.includes(sentence) && !shown.includes(sentence));
}

export interface QuestionCheck {
  passage: string;
  source: 'quiz' | 'study';
  text: string;
  answer: string;
  options: string[];
  keyTerm: boolean;
  sameClass: boolean;
  stem: string[];
  context: boolean;
  lettersBalanced: boolean;
  passed: boolean;
}

/** Whether each letter is the answer within ±1 of an even share. */
export function lettersBalanced(letters: readonly string[], keys: readonly string[] = ANSWER_LETTERS) {
  const even = letters.length / keys.length;
  return keys.every((key) => Math.abs(letters.filter((letter) => letter === key).length - even) <= 1);
}

async function checkQuestion(
  passage: EvaluationPassage,
  source: QuestionCheck['source'],
  question: { text: string; options: string[]; answer: string; explanation: string },
  balanced: boolean,
): Promise<QuestionCheck> {
  const distractors = question.options.filter((option) => option !== question.answer);
  const check = {
    passage: passage.id,
    source,
    text: question.text,
    answer: question.answer,
    options: question.options,
    keyTerm: isKeyTerm(passage, question.answer),
    sameClass: distractors.every((option) => sameClass(passage, question.answer, option)),
    stem: await stemProblems(question.text),
    context: addsContext(passage, question.text, question.answer, question.explanation),
    lettersBalanced: balanced,
  };
  return {
    ...check,
    passed: check.keyTerm && check.sameClass && check.stem.length === 0 && check.context && balanced,
  };
}

export interface SortCheck {
  passage: string;
  text: string;
  inTimeOrder: boolean;
}

export interface EvaluationReport {
  questions: QuestionCheck[];
  sorts: SortCheck[];
  /** Quizzes (one per passage) whose letters are balanced. */
  balancedQuizzes: number;
  quizzes: number;
}

const QUIZ_SETTINGS = (passage: EvaluationPassage): AiSettings => ({
  numQuestions: 10,
  difficulty: '中級',
  category: passage.subject,
});

/** The years of a sort-order question's options in the order it gives as correct (null: an option tells no listed event). */
function yearsInAnswerOrder(passage: EvaluationPassage, question: GeneratedStudyQuestion): (number | null)[] {
  const order = question.correctAnswer as string[];
  return order.map((key) => {
    const option = question.options[key as keyof typeof question.options] ?? '';
    return passage.events?.find((event) => option.includes(event.text))?.year ?? null;
  });
}

/** Runs the quiz and study generators over every passage and checks what they make. */
export async function evaluateOfflineGenerator(
  passages: readonly EvaluationPassage[] = EVALUATION_PASSAGES,
): Promise<EvaluationReport> {
  const questions: QuestionCheck[] = [];
  const sorts: SortCheck[] = [];
  let balancedQuizzes = 0;
  for (const passage of passages) {
    const quiz: GeneratedQuiz = await generateOffline(QUIZ_SETTINGS(passage), passage.text);
    const balanced = lettersBalanced(quiz.questions.map((question) => question.correctAnswer));
    if (balanced) balancedQuizzes += 1;
    for (const question of quiz.questions) {
      const options = Object.values(question.options);
      const answer = question.options[question.correctAnswer.toLowerCase() as 'a'];
      questions.push(
        await checkQuestion(
          passage,
          'quiz',
          { text: question.text, options, answer, explanation: question.explanation },
          balanced,
        ),
      );
    }

    const study = await generateStudyOffline({
      material: passage.text,
      count: 9,
      difficulty: '中級',
      types: ['multiple_choice', 'multiple_select', 'sort_order'],
      seed: `evaluation|${passage.id}`,
      avoid: [],
    });
    const choices = study.filter((question) => question.type === 'multiple_choice');
    const studyBalanced = lettersBalanced(
      choices.map((question) => question.correctAnswer as string),
      ['A', 'B', 'C', 'D'],
    );
    for (const question of choices) {
      const options = Object.values(question.options);
      const answer = question.options[question.correctAnswer as 'A'] ?? '';
      questions.push(
        await checkQuestion(
          passage,
          'study',
          { text: question.text, options, answer, explanation: question.explanation },
          studyBalanced,
        ),
      );
    }
    for (const question of study.filter((entry) => entry.type === 'sort_order')) {
      const years = yearsInAnswerOrder(passage, question);
      const known = years.filter((year): year is number => year !== null);
      sorts.push({
        passage: passage.id,
        text: `${question.text} ${Object.values(question.options).join(' / ')}`,
        inTimeOrder:
          known.length === years.length &&
          known.every((year, index) => index === 0 || known[index - 1]! <= year) &&
          !question.text.includes('本文に書かれている順'),
      });
    }
  }
  return { questions, sorts, balancedQuizzes, quizzes: passages.length };
}

/** The report's headline figures. */
export function summarize(report: EvaluationReport) {
  const rate = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  const { questions } = report;
  const count = (test: (check: QuestionCheck) => boolean) => questions.filter(test).length;
  return {
    questions: questions.length,
    passed: count((check) => check.passed),
    passRate: rate(
      count((check) => check.passed),
      questions.length,
    ),
    keyTerm: rate(
      count((check) => check.keyTerm),
      questions.length,
    ),
    sameClass: rate(
      count((check) => check.sameClass),
      questions.length,
    ),
    stem: rate(
      count((check) => check.stem.length === 0),
      questions.length,
    ),
    context: rate(
      count((check) => check.context),
      questions.length,
    ),
    balancedQuizzes: `${report.balancedQuizzes}/${report.quizzes}`,
    sortsInTimeOrder: `${report.sorts.filter((sort) => sort.inTimeOrder).length}/${report.sorts.length}`,
  };
}
