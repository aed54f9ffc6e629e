import { beforeAll, describe, expect, it } from 'vitest';
import {
  EVALUATION_TARGET,
  evaluateOfflineGenerator,
  lettersBalanced,
  sameClass,
  stemProblems,
  summarize,
  type EvaluationReport,
} from './checks';
import { EVALUATION_PASSAGES } from './passages';

/**
 * The offline generators on the fixed evaluation set (passages.ts): the questions a teacher would
 * keep. Deterministic: the same passages always give the same questions.
 */
describe('offline questions on the evaluation set', () => {
  let report: EvaluationReport;
  beforeAll(async () => {
    report = await evaluateOfflineGenerator();
  });
  const failing = () =>
    report.questions
      .filter((check) => !check.passed)
      .map(
        (check) =>
          `${check.passage}: ${check.text.replace(/\n/g, ' ')} [${check.options.join(' / ')}] answer ${check.answer}` +
          `${check.keyTerm ? '' : ', not a key term'}${check.sameClass ? '' : ', options of another class'}` +
          `${check.stem.length ? `, ${check.stem.join(', ')}` : ''}${check.context ? '' : ', no context'}`,
      )
      .join('\n');

  it('makes questions of every passage that pass every check, at least 90 % of them', () => {
    const passages = new Set(report.questions.map((check) => check.passage));
    expect(passages.size).toBe(EVALUATION_PASSAGES.length);
    expect(summarize(report).passRate, failing()).toBeGreaterThanOrEqual(EVALUATION_TARGET);
  });

  it('asks every question as a question or a well-formed blank, without a leading connective', () => {
    const problems = report.questions
      .filter((check) => check.stem.length > 0)
      .map((check) => `${check.text}: ${check.stem.join(', ')}`);
    expect(problems).toEqual([]);
  });

  it('spreads the correct answers of every quiz over A–D, each letter within one of even', () => {
    expect(report.balancedQuizzes).toBe(report.quizzes);
  });

  it('asks about the key terms and explains with a sentence the question does not show', () => {
    const { keyTerm, context } = summarize(report);
    expect(keyTerm).toBeGreaterThanOrEqual(EVALUATION_TARGET);
    expect(context).toBeGreaterThanOrEqual(EVALUATION_TARGET);
  });

  it('orders events by time in sort-order questions, never by where they stand in the text', () => {
    expect(report.sorts.length).toBeGreaterThan(0);
    expect(report.sorts.filter((sort) => !sort.inTimeOrder)).toEqual([]);
  });

  it('asks English science by its terms (evaporation, condensation), never by a verb or an adjective', () => {
    const water = report.questions.filter((check) => check.passage === 'water-cycle');
    const answers = water.map((check) => check.answer);
    expect(answers).toEqual(expect.arrayContaining(['evaporation', 'condensation']));
    for (const check of water) expect(check.options).not.toEqual(expect.arrayContaining(['heavy']));
    for (const check of water) expect(check.options).not.toEqual(expect.arrayContaining(['describes']));
  });
});

describe('the evaluation checks', () => {
  it('flag what a teacher would rewrite: a lead that opens with the blank, a leading connective, a dangling particle', async () => {
    expect(
      await stemProblems('（　　　）は何年のことでしょう。\n「1582年、明智光秀が本能寺で信長を討った。」'),
    ).toContain('the lead starts with the blank');
    expect(
      (
        await stemProblems(
          '次の文の（　　　）に入る語句を選んでください。\n「また、天皇を中心とする（　　　）を行った。」',
        )
      )[0],
    ).toMatch(/connective/);
    expect(await stemProblems('本能寺で信長を討ったのをは誰か。')).not.toEqual([]);
    expect(await stemProblems('1582年、本能寺で信長を討ったのは誰か。')).toEqual([]);
  });

  it('judge options by the teacher’s classes, and numbers by their counter', () => {
    const heian = EVALUATION_PASSAGES.find((passage) => passage.id === 'heian-politics')!;
    expect(sameClass(heian, '天皇', '上皇')).toBe(true);
    expect(sameClass(heian, '天皇', '院政')).toBe(false);
    expect(sameClass(heian, '平安時代', '鎌倉時代')).toBe(true);
    expect(sameClass(heian, '1086年', '1167年')).toBe(true);
    expect(sameClass(heian, '1086年', '400年間')).toBe(false);
    expect(lettersBalanced(['A', 'B', 'C', 'D', 'A'])).toBe(true);
    expect(lettersBalanced(['D', 'D', 'D', 'A', 'B'])).toBe(false);
  });
});
