import { describe, expect, it } from 'vitest';
import { LIMITS } from '@shared/constants';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { SHEET_COLUMNS, SHEET_MESSAGES } from '@shared/spreadsheets';
import {
  escapeFormula,
  exportRows,
  findLayout,
  parseCorrectAnswer,
  questionsFromGrid,
  unescapeFormula,
} from './sheet-layout-policy';

const HEADER = [...SHEET_COLUMNS];
const row = (question: string, answer = 'A') => [question, '正しい', '違う', '', '', answer, ''];

describe('parseCorrectAnswer', () => {
  it.each([
    ['A', 'A'],
    ['b', 'B'],
    [' Ｃ ', 'C'],
    ['ｄ', 'D'],
    ['1', 'A'],
    ['２', 'B'],
    ['3', 'C'],
    ['４', 'D'],
  ])('reads %j as %s', (text, letter) => expect(parseCorrectAnswer(text)).toBe(letter));

  it.each(['', 'E', '5', '0', 'AB', '正解'])('refuses %j', (text) =>
    expect(parseCorrectAnswer(text)).toBeNull(),
  );

  it.each(['1,3', '1, 2', 'A、B', '2 4'])('tells several answers (%j) apart', (text) =>
    expect(parseCorrectAnswer(text)).toBe('multiple'),
  );
});

describe('formula escaping', () => {
  it.each(['=1+1', '+81 3', '-5', '@SUM(A1)', '\tx', '\rx', "'=x", "''-y"])(
    'escapes %j so no spreadsheet runs it, and gives it back exactly',
    (text) => {
      expect(escapeFormula(text)).toBe(`'${text}`);
      expect(unescapeFormula(escapeFormula(text))).toBe(text);
    },
  );

  it.each(['普通の問題', "It's", "'quoted'", '1+1=2', ''])('leaves %j as it is', (text) => {
    expect(escapeFormula(text)).toBe(text);
    expect(unescapeFormula(text)).toBe(text);
  });
});

describe('findLayout', () => {
  it('finds our header row, below title rows, with columns in any order', () => {
    const layout = findLayout([['タイトル'], [], ['正解', '問題文', '選択肢B', '選択肢A']]);
    expect(layout).toMatchObject({ name: 'ours', headerRow: 3 });
    expect(layout.columns.correctAnswer).toEqual({ index: 0, label: '正解' });
  });

  it("finds Kahoot's template header wherever it is in the first rows", () => {
    const layout = findLayout([
      ['Quiz template'],
      ['Add questions, at least two answer alternatives, time limit and choose correct answers'],
      [
        '',
        'Question - max 120 characters',
        'Answer 1 - max 75 characters',
        'Answer 2 - max 75 characters',
        'Answer 3 - max 75 characters',
        'Answer 4 - max 75 characters',
        'Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs',
        'Correct answer(s) - choose at least one',
      ],
    ]);
    expect(layout).toMatchObject({ name: 'kahoot', headerRow: 3 });
    expect(layout.columns.optionD).toEqual({ index: 5, label: 'Answer 4' });
    expect(layout.columns.correctAnswer?.index).toBe(7);
  });

  it('refuses anything else with a clear message', () => {
    expect(() =>
      findLayout([
        ['name', 'score'],
        ['a', '1'],
      ]),
    ).toThrow(SHEET_MESSAGES.noHeader);
    expect(() => findLayout([...Array.from({ length: 20 }, () => ['x']), HEADER])).toThrow(
      SHEET_MESSAGES.noHeader,
    );
  });
});

describe('questionsFromGrid', () => {
  it('reads rows into questions of the create call, skipping blank rows', () => {
    const result = questionsFromGrid(
      [
        HEADER,
        ['日本の首都は？', '東京', '大阪', '京都', '', 'Ａ', '東京です'],
        [],
        ['  ', '', '', '', '', '', ''],
        row('次は？', '2'),
      ],
      { csv: false },
    );
    expect(result.errors).toEqual([]);
    expect(result.questions).toEqual([
      {
        questionText: '日本の首都は？',
        optionA: '東京',
        optionB: '大阪',
        optionC: '京都',
        optionD: null,
        correctAnswer: 'A',
        explanation: '東京です',
      },
      expect.objectContaining({ questionText: '次は？', correctAnswer: 'B', explanation: null }),
    ]);
  });

  it('reports each bad row with its spreadsheet row, column and a Japanese message', () => {
    const result = questionsFromGrid(
      [
        ['問題集'],
        HEADER,
        row('よい問題'),
        ['', '東京', '', '', '', 'E', ''],
        ['答えが空欄', 'あ', 'い', '', '', 'C', ''],
        ['長すぎる', 'あ', 'い', '', '', 'A', 'x'.repeat(1001)],
      ],
      { csv: false },
    );
    expect(result.questions).toHaveLength(1);
    expect(result.errors).toEqual([
      { row: 4, column: '正解', message: SHEET_MESSAGES.correctAnswerInvalid },
      { row: 4, column: '問題文', message: QUIZ_MESSAGES.questionTextRequired },
      { row: 4, column: '選択肢B', message: QUIZ_MESSAGES.optionBRequired },
      { row: 5, column: '正解', message: QUIZ_MESSAGES.correctAnswerMissingOption },
      { row: 6, column: '解説', message: QUIZ_MESSAGES.explanationMax },
    ]);
  });

  it("reads Kahoot's layout, its errors named by its columns", () => {
    const header = [
      '',
      'Question',
      'Answer 1',
      'Answer 2',
      'Answer 3',
      'Answer 4',
      'Time limit',
      'Correct answer(s)',
    ];
    const result = questionsFromGrid(
      [
        ['Quiz template'],
        header,
        ['1', '富士山の高さは？', '3776m', '2000m', '', '', '20', '1'],
        ['2', 'どれ？', 'a', 'b', 'c', '', '20', '1,3'],
        ['3'],
      ],
      { csv: false },
    );
    expect(result.questions).toEqual([
      expect.objectContaining({ questionText: '富士山の高さは？', correctAnswer: 'A' }),
    ]);
    expect(result.errors).toEqual([
      { row: 4, column: 'Correct answer(s)', message: SHEET_MESSAGES.correctAnswerMultiple },
    ]);
  });

  it('undoes the formula escaping of a CSV only', () => {
    const grid = [HEADER, ["'=1+1", "'-5", '正', '', '', 'A', '']];
    expect(questionsFromGrid(grid, { csv: true }).questions[0]).toMatchObject({
      questionText: '=1+1',
      optionA: '-5',
    });
    expect(questionsFromGrid(grid, { csv: false }).questions[0]).toMatchObject({ questionText: "'=1+1" });
  });

  it(`takes ${LIMITS.questionsPerQuizMax} questions (a quiz's most) and reports the rows past them`, () => {
    const rows = Array.from({ length: 60 }, (_, index) => row(`問題${index + 1}`));
    const result = questionsFromGrid([HEADER, ...rows], { csv: false });
    expect(result.questions).toHaveLength(LIMITS.questionsPerQuizMax);
    expect(result.errors).toHaveLength(60 - LIMITS.questionsPerQuizMax);
    expect(result.errors[0]).toEqual({
      row: LIMITS.questionsPerQuizMax + 2,
      column: '問題文',
      message: SHEET_MESSAGES.overQuizLimit,
    });
  });

  it('refuses a sheet of more than 100 question rows, or of none', () => {
    const rows = Array.from({ length: 101 }, (_, index) => row(`問題${index + 1}`));
    expect(() => questionsFromGrid([HEADER, ...rows], { csv: false })).toThrow(SHEET_MESSAGES.tooManyRows);
    expect(() => questionsFromGrid([HEADER, [], ['', '']], { csv: false })).toThrow(SHEET_MESSAGES.noRows);
  });
});

describe('exportRows', () => {
  it('writes the header, then the questions in their order, blanks for missing options', () => {
    const question = (order: number, text: string) => ({
      id: `q${order}`,
      questionText: text,
      optionA: 'あ',
      optionB: 'い',
      optionC: null,
      optionD: 'え',
      correctAnswer: 'D' as const,
      explanation: null,
      order,
    });
    expect(exportRows([question(2, '二問目'), question(1, '一問目')])).toEqual([
      HEADER,
      ['一問目', 'あ', 'い', '', 'え', 'D', ''],
      ['二問目', 'あ', 'い', '', 'え', 'D', ''],
    ]);
  });
});
