import type { FileDownload } from '@shared/api';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import {
  SHEET_LIMITS,
  SHEET_MEDIA_TYPES,
  SHEET_MESSAGES,
  type ImportResult,
  type SheetFormat,
} from '@shared/spreadsheets';
import { takeUpload } from '../ai/uploads';
import { NotFoundError, TooManyRequestsError } from '../lib/errors';
import { withinRateLimit } from '../lib/rate-limit';
import { mayReadAsAuthor } from '../quizzes/quiz-policy';
import { getQuizDetail } from '../quizzes/quiz-store';
import type { Member } from '../users/user-policy';
import { readCsv, writeCsv } from './sheet-csv';
import { checkSheetFile } from './sheet-file-policy';
import { escapeFormula, exportRows, questionsFromGrid } from './sheet-layout-policy';
import { readXlsx, writeXlsx } from './sheet-xlsx';

/**
 * A quiz's questions to and from a spreadsheet: the import reads a file into questions of the
 * create call (saving nothing), the export writes a quiz's questions as a file.
 */

/** An import's file: sent in the request (multipart), or uploaded first and named by its key. */
export type SheetSource = { file: { fileName: string; bytes: Buffer } } | { fileKey: string };

/**
 * The questions of a CSV or XLSX file and the errors of the rows that are not questions. Counted
 * against the member's imports a minute before anything is read (a refused file counts too: the
 * parse is the cost).
 */
export async function importQuestions(user: Member, source: SheetSource): Promise<ImportResult> {
  if (!(await withinRateLimit(`sheet-import#${user.id}`, SHEET_LIMITS.importsPerMinute, 60)))
    throw new TooManyRequestsError(SHEET_MESSAGES.tooFast);
  const file = 'file' in source ? source.file : await takeUpload(user.id, source.fileKey);
  const format = checkSheetFile(file);
  const grid = format === 'csv' ? readCsv(file.bytes) : await readXlsx(file.bytes);
  return questionsFromGrid(grid, { csv: format === 'csv' });
}

/** Characters no file name may hold on Windows, macOS or Linux, and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSAFE_IN_FILE_NAMES = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;

/** The download's name: the quiz's title made safe for any file system, and an ASCII fallback. */
export function exportFileNames(quiz: { id: string; title: string }, format: SheetFormat) {
  const title = quiz.title
    .replace(UNSAFE_IN_FILE_NAMES, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 100);
  const base = title || `quiz-${quiz.id}`;
  const ascii = /^[\x20-\x7e]+$/.test(base) ? base : `quiz-${quiz.id}`;
  return { fileName: `${base}.${format}`, asciiFileName: `${ascii}.${format}` };
}

/**
 * A quiz's questions as a CSV (formula-like cells escaped) or XLSX file, for its author and
 * administrators (a public one); anyone else, and a deleted quiz, gets 404 as the author's quiz read does.
 */
export async function exportQuiz(user: Member, quizId: string, format: SheetFormat): Promise<FileDownload> {
  const detail = await getQuizDetail(quizId);
  // The author's read's rule (the quiz detail, its analytics, a copy): one rule for what the answers show.
  if (!detail || !mayReadAsAuthor(detail.quiz, user)) throw new NotFoundError(QUIZ_MESSAGES.notFound);
  const rows = exportRows(detail.questions);
  const bytes =
    format === 'csv' ? writeCsv(rows.map((row) => row.map(escapeFormula))) : await writeXlsx(rows, '問題');
  return { ...exportFileNames(detail.quiz, format), contentType: SHEET_MEDIA_TYPES[format], bytes };
}
