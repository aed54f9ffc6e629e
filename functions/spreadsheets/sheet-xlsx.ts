import ExcelJS from 'exceljs';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { SHEET_MESSAGES } from '@shared/spreadsheets';
import { BadRequestError } from '../lib/errors';
import { COLUMNS_READ, readZipDirectory, XLSX_LIMITS } from './sheet-file-policy';
import { findLayout, type SheetGrid } from './sheet-layout-policy';

/** XLSX files of questions: reading one (after its zip is checked) into a grid, and writing one. */

const inflate = promisify(inflateRaw);

/**
 * Unpacks every entry with its declared size as the ceiling (zlib's `maxOutputLength`), so a
 * directory that lies about its sizes is caught here, within XLSX_LIMITS, before exceljs (which
 * trusts them) unpacks anything, and a worksheet of thousands of rows is refused before exceljs
 * builds them. Off the main thread: zlib's thread pool.
 */
async function inspectXlsx(bytes: Buffer): Promise<void> {
  const damaged = () => new BadRequestError(SHEET_MESSAGES.xlsxDamaged);
  const { entries, directoryOffset } = readZipDirectory(bytes);
  for (const entry of entries) {
    const at = entry.localHeader;
    if (at + 30 > directoryOffset || bytes.readUInt32LE(at) !== 0x04034b50) throw damaged();
    const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    if (start + entry.compressedSize > directoryOffset) throw damaged();
    const data = bytes.subarray(start, start + entry.compressedSize);
    let unpacked = data;
    if (entry.method === 8) {
      try {
        unpacked = await inflate(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
      } catch {
        throw damaged();
      }
    }
    if (unpacked.length !== entry.uncompressedSize) throw damaged();
    // Every entry, not only `xl/worksheets/…`: exceljs also reads a worksheet under another path
    // (a leading '/', a folder before `xl/`), and other parts hold no row elements.
    if (rowElements(unpacked) > XLSX_LIMITS.rowElements)
      throw new BadRequestError(SHEET_MESSAGES.tooManyRows);
  }
}

/** What may follow `<row` in a row element: XML's white space (space, tab, line feed, carriage return), `>` or `/`. */
const ROW_TAG_END = new Set([0x20, 0x09, 0x0a, 0x0d, 0x3e, 0x2f]);

/** How many `<row` elements a worksheet's XML holds (stops counting past the limit). */
function rowElements(xml: Buffer): number {
  let count = 0;
  for (
    let at = xml.indexOf('<row');
    at >= 0 && count <= XLSX_LIMITS.rowElements;
    at = xml.indexOf('<row', at + 4)
  )
    if (ROW_TAG_END.has(xml[at + 4]!)) count++;
  return count;
}

/** A cell's value as the text a person sees; a formula counts by its cached result, never run. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return 'result' in value && value.result !== undefined && typeof value.result !== 'object'
      ? String(value.result)
      : '';
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : '';
  return '';
}

/** The rows of one worksheet as texts, up to COLUMNS_READ columns. */
function gridOf(sheet: ExcelJS.Worksheet): string[][] {
  const grid: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      if (column <= COLUMNS_READ) cells[column - 1] = cellText(cell.value);
    });
    grid[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return grid;
}

/**
 * The grid of an .xlsx's first worksheet with a header row we know (our columns or Kahoot's); the
 * zip is checked first. Sheets without one are passed over; none: the layout's 400.
 */
export async function readXlsx(bytes: Buffer): Promise<SheetGrid> {
  await inspectXlsx(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new BadRequestError(SHEET_MESSAGES.xlsxDamaged);
  }
  const grids = workbook.worksheets.map((sheet) => gridOf(sheet));
  const found = grids.find((grid) => {
    try {
      findLayout(grid);
      return true;
    } catch {
      return false;
    }
  });
  return found ?? grids[0] ?? [];
}

/** Column widths of an export, in characters: the texts wide, the answer narrow. */
const WIDTHS = [48, 24, 24, 24, 24, 8, 48];

/**
 * An .xlsx with one sheet: the header row bold and frozen, then the rows. Every cell is a string
 * cell (exceljs writes a formula only when given `{ formula }`), so nothing a cell says is run.
 */
export async function writeXlsx(rows: readonly (readonly string[])[], sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = WIDTHS.map((width) => ({ width }));
  for (const row of rows) sheet.addRow([...row]);
  sheet.getRow(1).font = { bold: true };
  sheet.eachRow((row) => {
    row.alignment = { vertical: 'top', wrapText: true };
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
