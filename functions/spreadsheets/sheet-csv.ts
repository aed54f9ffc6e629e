import { CsvError, parse } from 'csv-parse/sync';
import { SHEET_MESSAGES } from '@shared/spreadsheets';
import { BadRequestError } from '../lib/errors';
import { COLUMNS_READ, XLSX_LIMITS } from './sheet-file-policy';
import type { SheetGrid } from './sheet-layout-policy';

/** CSV files of questions: reading one (UTF-8 with or without BOM, or Shift_JIS) into a grid, and writing one. */

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Longest record (row) read, in characters: a question row holds at most about 2,300 (500 + 4 ×
 * 200 + 1,000 and the answer), so a 1 MB cell is refused at once rather than carried along.
 */
const RECORD_MAX_CHARS = 16 * 1024;

/** Records (spreadsheet rows, blank ones too) a CSV may hold: the same ceiling as a worksheet's rows. */
const RECORDS_MAX = XLSX_LIMITS.rowElements;

/**
 * Control characters no text file holds (NUL and the like). Tab, line feed and carriage return
 * aside, and the vertical tab and form feed too: Word and PowerPoint paste a manual line break as
 * a vertical tab, a question may hold one, and our own export writes it back.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const BINARY = /[\u0000-\u0008\u000e-\u001f\u007f]/;

/**
 * The text of a CSV file: valid UTF-8 is UTF-8 (a BOM dropped), anything else is read as
 * Shift_JIS, which is what Excel in Japan writes. Bytes that are neither, or text with control
 * characters, are not a CSV file (binary junk under a .csv name).
 */
export function decodeCsv(bytes: Buffer): string {
  const body = bytes.subarray(0, 3).equals(UTF8_BOM) ? bytes.subarray(3) : bytes;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    try {
      text = new TextDecoder('shift_jis', { fatal: true }).decode(body);
    } catch {
      throw new BadRequestError(SHEET_MESSAGES.notText);
    }
  }
  if (BINARY.test(text)) throw new BadRequestError(SHEET_MESSAGES.notText);
  return text;
}

/**
 * The grid of a CSV file, one record per spreadsheet row (a quoted cell may hold line breaks, as
 * Excel writes them): rows of any length, blank rows kept so row numbers stay the spreadsheet's.
 */
export function readCsv(bytes: Buffer): SheetGrid {
  const text = decodeCsv(bytes);
  let records: string[][];
  try {
    records = parse(text, {
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: RECORD_MAX_CHARS,
      // As for a worksheet's columns: a line of 16,000 commas is 30 cells, not 16,000 to look at.
      on_record: (record: string[]) => record.slice(0, COLUMNS_READ),
      // As for a worksheet's rows: 10,000 short lines are refused without reading them all.
      to: RECORDS_MAX + 1,
    }) as string[][];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = Number((error as CsvError & { lines?: number }).lines ?? 1);
    throw new BadRequestError(
      error.code === 'CSV_MAX_RECORD_SIZE'
        ? SHEET_MESSAGES.cellTooLong(line)
        : SHEET_MESSAGES.csvMalformed(line),
    );
  }
  if (records.length > RECORDS_MAX) throw new BadRequestError(SHEET_MESSAGES.tooManyRows);
  return records;
}

/** One CSV field: always quoted, quotes doubled (RFC 4180), so commas and line breaks stay inside. */
const field = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * A CSV file Excel opens correctly in Japan: UTF-8 with a BOM (without one Excel reads it as
 * Shift_JIS), CRLF between rows, every field quoted. The caller escapes formulas.
 */
export function writeCsv(rows: readonly (readonly string[])[]): Buffer {
  const text = rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
  return Buffer.concat([UTF8_BOM, Buffer.from(text, 'utf8')]);
}
