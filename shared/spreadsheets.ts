import * as z from 'zod';
import { LIMITS } from './constants';
import { questionInputSchema } from './quiz-schemas';

/**
 * Spreadsheet import and export of a quiz's questions (issue 30): the columns of our own layout,
 * the formats, the limits, the messages, and the shapes the import and export calls take and
 * answer. The functions and the web app share them.
 */

/** The columns of an exported sheet, in this order, under a header row. */
export const SHEET_COLUMNS = ['問題文', '選択肢A', '選択肢B', '選択肢C', '選択肢D', '正解', '解説'] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];

export const SHEET_FORMATS = ['csv', 'xlsx'] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];

export const SHEET_LIMITS = {
  /** Largest file an import reads (CSV or XLSX). */
  fileMaxBytes: 1024 * 1024,
  /** Question rows a file may hold at most; a quiz itself takes `LIMITS.questionsPerQuizMax`. */
  rowsMax: 100,
  /** How far down the header row may be (Kahoot's template has title rows above it). */
  headerSearchRows: 20,
  /** Imports a member may run a minute (each parses up to 1 MB). */
  importsPerMinute: 20,
} as const;

/** The file picker's `accept` for imports. */
export const SHEET_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The format a file name stands for, or null when it is not a .csv or .xlsx file. */
export function sheetFormatOf(fileName: string): SheetFormat | null {
  const extension = /\.([^.]+)$/.exec(fileName.trim().toLowerCase())?.[1];
  return extension === 'csv' || extension === 'xlsx' ? extension : null;
}

const megabytes = SHEET_LIMITS.fileMaxBytes / 1024 / 1024;

export const SHEET_MESSAGES = {
  fileRequired: 'ファイルを選択してください',
  fileEmpty: 'ファイルが空です',
  fileTooLarge: `ファイルサイズは${megabytes}MBまでです`,
  fileTypeNotAllowed: 'CSV（.csv）またはExcel（.xlsx）ファイルのみ読み込めます',
  legacyExcel:
    'Excel 97-2003形式（.xls）には対応していません。Excelで「.xlsx」またはCSVとして保存し直してください',
  contentMismatch: (format: SheetFormat) =>
    `ファイルの中身が拡張子（.${format}）と一致しません。正しい形式で保存し直してください`,
  notText: 'CSVファイルとして読み取れませんでした。文字コードがUTF-8またはShift_JISのCSVを選んでください',
  csvMalformed: (line: number) =>
    `CSVの${line}行目付近を読み取れませんでした。引用符（"）の閉じ忘れなどがないか確認してください`,
  cellTooLong: (line: number) => `CSVの${line}行目付近に長すぎるセルがあります`,
  xlsxDamaged:
    'Excelファイルを読み取れませんでした。壊れているか、パスワードで保護されている可能性があります',
  xlsxTooLarge: 'Excelファイルの展開後のサイズが大きすぎます。不要なシートや書式を削除してからお試しください',
  noHeader: `見出し行が見つかりません。1行目に「${SHEET_COLUMNS.join('、')}」の見出しを入れるか、Kahootのテンプレートを使ってください`,
  noRows: '問題の行がありません。見出し行の下に問題を入力してください',
  tooManyRows: `問題の行が多すぎます。1ファイル${SHEET_LIMITS.rowsMax}問までです`,
  overQuizLimit: `クイズの問題は${LIMITS.questionsPerQuizMax}問までのため、この行は読み込みませんでした`,
  correctAnswerRequired: '正解を入力してください',
  correctAnswerInvalid: '正解はA〜D（または1〜4）で入力してください',
  correctAnswerMultiple: '正解は1つだけ指定してください',
  tooFast: 'ファイルの読み込みが多すぎます。1分ほど待ってからもう一度お試しください',
  formatInvalid: '形式（format）は csv または xlsx を指定してください',
} as const;

/** `POST /api/quizzes/import` given an uploaded file (`POST /api/ai/uploads` with a .csv or .xlsx name). */
export const importFromUploadSchema = z.object({
  fileKey: z.string({ error: SHEET_MESSAGES.fileRequired }).min(1, SHEET_MESSAGES.fileRequired).max(300),
});

/** The multipart form of the import: no text fields, the file as the part `file`. */
export const importFormSchema = z.object({});

/** A row the import could not take: 1-based spreadsheet row, the column's header, and why. */
export const importRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/**
 * What an import answers: the questions in the shape the create call takes (each one passes its
 * schema), and an error for every row that did not. Nothing is saved.
 */
export const importResultSchema = z.object({
  questions: z.array(questionInputSchema),
  errors: z.array(importRowErrorSchema),
});
export type ImportResult = z.output<typeof importResultSchema>;

/** `GET /api/my-quizzes/{id}/export?format=csv|xlsx`. */
export const exportQuerySchema = z.object({
  format: z.enum(SHEET_FORMATS, { error: SHEET_MESSAGES.formatInvalid }),
});

/** The media type of each format. */
export const SHEET_MEDIA_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
