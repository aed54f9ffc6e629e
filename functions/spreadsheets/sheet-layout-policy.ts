import type { AnswerLetter } from '@shared/constants';
import { ANSWER_LETTERS, LIMITS } from '@shared/constants';
import { questionInputSchema, type Question } from '@shared/quiz-schemas';
import {
  SHEET_COLUMNS,
  SHEET_LIMITS,
  SHEET_MESSAGES,
  type ImportResult,
  type ImportRowError,
} from '@shared/spreadsheets';
import { BadRequestError } from '../lib/errors';

/**
 * The rules of a spreadsheet of questions, apart from the file formats (sheet-csv.ts,
 * sheet-xlsx.ts): which layout a sheet is in (our columns, or Kahoot's template), how a row
 * becomes a question of the create call, the row errors, the rows of an export, and formula
 * escaping. A sheet is a grid of cell texts, `grid[0]` being spreadsheet row 1.
 */
export type SheetGrid = readonly (readonly string[] | undefined)[];

type QuestionField =
  'questionText' | 'optionA' | 'optionB' | 'optionC' | 'optionD' | 'correctAnswer' | 'explanation';

/** Where each field is in a sheet, and the name a row error gives its column. */
interface Layout {
  name: 'ours' | 'kahoot';
  headerRow: number;
  columns: Partial<Record<QuestionField, { index: number; label: string }>>;
}

/** Header text compared as people type it: NFKC (full-width → half-width), trimmed, lower case. */
const normalized = (text: string) => text.normalize('NFKC').trim().toLowerCase();

const OUR_FIELDS: Record<(typeof SHEET_COLUMNS)[number], QuestionField> = {
  問題文: 'questionText',
  選択肢A: 'optionA',
  選択肢B: 'optionB',
  選択肢C: 'optionC',
  選択肢D: 'optionD',
  正解: 'correctAnswer',
  解説: 'explanation',
};
const REQUIRED: readonly QuestionField[] = ['questionText', 'optionA', 'optionB', 'correctAnswer'];

/** Our export's header row: the seven columns by name, wherever they stand. */
function ourLayout(cells: readonly string[], headerRow: number): Layout | null {
  const columns: Layout['columns'] = {};
  cells.forEach((cell, index) => {
    const column = SHEET_COLUMNS.find((name) => normalized(name) === normalized(cell));
    if (column && !columns[OUR_FIELDS[column]]) columns[OUR_FIELDS[column]] = { index, label: column };
  });
  return REQUIRED.every((field) => columns[field]) ? { name: 'ours', headerRow, columns } : null;
}

/**
 * Kahoot's spreadsheet template: a few title rows, then a header row of «Question - max 120
 * characters», «Answer 1 - max 75 characters» … «Answer 4», «Time limit (sec)», «Correct
 * answer(s) - choose at least one» (1–4). Its time limit has no counterpart (a quiz has one for all).
 */
function kahootLayout(cells: readonly string[], headerRow: number): Layout | null {
  const columns: Layout['columns'] = {};
  const answerFields = ['optionA', 'optionB', 'optionC', 'optionD'] as const;
  cells.forEach((cell, index) => {
    const text = normalized(cell);
    const answer = /^answer\s*([1-4])\b/.exec(text)?.[1];
    if (text.startsWith('question') && !columns.questionText)
      columns.questionText = { index, label: 'Question' };
    else if (answer) columns[answerFields[Number(answer) - 1]!] ??= { index, label: `Answer ${answer}` };
    else if (text.startsWith('correct answer') && !columns.correctAnswer)
      columns.correctAnswer = { index, label: 'Correct answer(s)' };
  });
  return REQUIRED.every((field) => columns[field]) ? { name: 'kahoot', headerRow, columns } : null;
}

/** The sheet's layout, from the first header row found in its first rows; 400 when there is none. */
export function findLayout(grid: SheetGrid): Layout {
  const rows = Math.min(grid.length, SHEET_LIMITS.headerSearchRows);
  for (let index = 0; index < rows; index++) {
    const cells = grid[index] ?? [];
    const layout = ourLayout(cells, index + 1) ?? kahootLayout(cells, index + 1);
    if (layout) return layout;
  }
  throw new BadRequestError(SHEET_MESSAGES.noHeader);
}

/**
 * 正解 as people write it: A–D or 1–4, in either case and full- or half-width (「Ｂ」「２」). Kahoot's
 * column may list several answers («1,3»): a quiz question has exactly one.
 */
export function parseCorrectAnswer(text: string): AnswerLetter | 'multiple' | null {
  const value = text.normalize('NFKC').trim().toUpperCase();
  if (/^[1-4A-D]\s*[,、;・\s]\s*[1-4A-D]/.test(value)) return 'multiple';
  const letter = /^[A-D]$/.test(value)
    ? value
    : /^[1-4]$/.test(value)
      ? ANSWER_LETTERS[Number(value) - 1]
      : null;
  return (letter as AnswerLetter | undefined) ?? null;
}

/**
 * The first characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection
 * list): `=`, `+`, `-`, `@`, tab and carriage return.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * A CSV cell no spreadsheet runs: a text that starts like a formula gets a leading `'`, which
 * spreadsheets show as text. Texts that already start with `'` before such a character get one
 * more, so `unescapeFormula` gives every text back exactly.
 */
export const escapeFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** The text `escapeFormula` was given. */
export const unescapeFormula = (text: string) => (/^'+[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const cellOf = (cells: readonly string[], column: { index: number } | undefined) =>
  column ? (cells[column.index] ?? '') : '';

const isBlankRow = (cells: readonly string[], layout: Layout) =>
  Object.values(layout.columns).every((column) => cellOf(cells, column).trim() === '');

/**
 * The questions of a sheet, in the create call's shape (each passes its schema), and an error for
 * every row that does not: 1-based spreadsheet row, the column's header, the message in Japanese.
 * Blank rows are skipped. More than `SHEET_LIMITS.rowsMax` question rows, or none, is a 400; rows
 * past a quiz's `LIMITS.questionsPerQuizMax` questions are reported, not read. `csv` files get
 * their formula escaping undone (our export writes it).
 */
export function questionsFromGrid(grid: SheetGrid, options: { csv: boolean }): ImportResult {
  const layout = findLayout(grid);
  const rows: { row: number; cells: readonly string[] }[] = [];
  for (let index = layout.headerRow; index < grid.length; index++) {
    const cells = grid[index];
    if (!cells || isBlankRow(cells, layout)) continue;
    rows.push({ row: index + 1, cells });
    if (rows.length > SHEET_LIMITS.rowsMax) throw new BadRequestError(SHEET_MESSAGES.tooManyRows);
  }
  if (!rows.length) throw new BadRequestError(SHEET_MESSAGES.noRows);
  const result: ImportResult = { questions: [], errors: [] };
  for (const { row, cells } of rows) {
    const text = (field: QuestionField) => {
      const value = cellOf(cells, layout.columns[field]);
      return options.csv ? unescapeFormula(value) : value;
    };
    const label = (field: QuestionField) =>
      layout.columns[field]?.label ?? layout.columns.questionText!.label;
    const rowErrors: ImportRowError[] = [];
    const answer = parseCorrectAnswer(text('correctAnswer'));
    if (answer === null || answer === 'multiple')
      rowErrors.push({
        row,
        column: label('correctAnswer'),
        message:
          answer === 'multiple'
            ? SHEET_MESSAGES.correctAnswerMultiple
            : text('correctAnswer').trim()
              ? SHEET_MESSAGES.correctAnswerInvalid
              : SHEET_MESSAGES.correctAnswerRequired,
      });
    const parsed = questionInputSchema.safeParse({
      questionText: text('questionText'),
      optionA: text('optionA'),
      optionB: text('optionB'),
      optionC: text('optionC'),
      optionD: text('optionD'),
      correctAnswer: answer === null || answer === 'multiple' ? 'A' : answer,
      explanation: text('explanation'),
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as QuestionField;
        if (!rowErrors.some((error) => error.column === label(field)))
          rowErrors.push({ row, column: label(field), message: issue.message });
      }
    if (rowErrors.length || !parsed.success) result.errors.push(...rowErrors);
    else if (result.questions.length >= LIMITS.questionsPerQuizMax)
      result.errors.push({ row, column: label('questionText'), message: SHEET_MESSAGES.overQuizLimit });
    else result.questions.push(parsed.data);
  }
  return result;
}

/** The rows of an export: our header, then one row per question in the quiz's order. */
export function exportRows(questions: readonly Question[]): string[][] {
  return [
    [...SHEET_COLUMNS],
    ...[...questions]
      .sort((a, b) => a.order - b.order)
      .map((question) => [
        question.questionText,
        question.optionA,
        question.optionB,
        question.optionC ?? '',
        question.optionD ?? '',
        question.correctAnswer,
        question.explanation ?? '',
      ]),
  ];
}
