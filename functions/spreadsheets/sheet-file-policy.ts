import { SHEET_LIMITS, SHEET_MESSAGES, sheetFormatOf, type SheetFormat } from '@shared/spreadsheets';
import { BadRequestError, PayloadTooLargeError } from '../lib/errors';

/**
 * The rules an imported file meets before any parser sees it: its size, its format by its bytes
 * (never by its name alone, and the name must agree), and for an XLSX the zip's central directory
 * (entry count, sizes, compression ratio), which is how a zip bomb is told before it is unpacked.
 */

const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;
const ZIP_END_OF_DIRECTORY = 0x06054b50;
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** An .xlsx may hold no more entries, nor unpack to more, than this (zip bombs). */
/**
 * Columns read of a row, a worksheet's or a CSV record's: our layout has 7, Kahoot's template 8;
 * a sheet 16,384 wide, or a CSV line of thousands of commas, is not read past them.
 */
export const COLUMNS_READ = 30;

export const XLSX_LIMITS = {
  entries: 200,
  /** Unpacked bytes of one entry (the sheet's XML or the shared strings). */
  entryBytes: 8 * 1024 * 1024,
  /** Unpacked bytes of all entries together. */
  totalBytes: 12 * 1024 * 1024,
  /** Unpacked over packed size of an entry, for entries over `ratioFromBytes` unpacked. */
  ratio: 100,
  ratioFromBytes: 256 * 1024,
  /**
   * Row elements of one worksheet: 100 questions under a header, with room for the blank and
   * formatted rows a template carries (Kahoot's), far below the 10,000 that would cost seconds.
   */
  rowElements: 2000,
} as const;

/**
 * The format the file is, by its bytes, checked against its name: a .csv or .xlsx file of up to
 * `SHEET_LIMITS.fileMaxBytes`; a .csv that is really a zip (or an .xlsx that is not) is refused.
 */
export function checkSheetFile(file: { fileName: string; bytes: Buffer }): SheetFormat {
  if (file.bytes.length === 0) throw new BadRequestError(SHEET_MESSAGES.fileEmpty);
  if (file.bytes.length > SHEET_LIMITS.fileMaxBytes)
    throw new PayloadTooLargeError(SHEET_MESSAGES.fileTooLarge);
  const named = sheetFormatOf(file.fileName);
  if (file.bytes.subarray(0, 8).equals(OLE_MAGIC)) throw new BadRequestError(SHEET_MESSAGES.legacyExcel);
  if (!named) throw new BadRequestError(SHEET_MESSAGES.fileTypeNotAllowed);
  const isZip = file.bytes.length >= 4 && file.bytes.readUInt32LE(0) === ZIP_LOCAL_HEADER;
  if (isZip !== (named === 'xlsx')) throw new BadRequestError(SHEET_MESSAGES.contentMismatch(named));
  return named;
}

/** One entry of a zip's central directory, as it declares itself. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeader: number;
}

/**
 * The entries of a zip's central directory, after checking what it declares against
 * `XLSX_LIMITS` and that it is an XLSX (`xl/workbook.xml`). No ZIP64 (an .xlsx of 1 MB never
 * needs it). The declared sizes may lie: the unpacking (sheet-xlsx.ts) holds each entry to them.
 */
export function readZipDirectory(bytes: Buffer): { entries: ZipEntry[]; directoryOffset: number } {
  const damaged = () => new BadRequestError(SHEET_MESSAGES.xlsxDamaged);
  const tooLarge = () => new BadRequestError(SHEET_MESSAGES.xlsxTooLarge);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === ZIP_END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged();
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw damaged();
  if (count > XLSX_LIMITS.entries) throw tooLarge();
  if (directoryOffset + directorySize > end) throw damaged();
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== ZIP_CENTRAL_HEADER) throw damaged();
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      localHeader: bytes.readUInt32LE(at + 42),
      name: bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
    };
    if ([entry.compressedSize, entry.uncompressedSize, entry.localHeader].includes(0xffffffff))
      throw damaged();
    if (entry.method !== 0 && entry.method !== 8) throw damaged();
    total += entry.uncompressedSize;
    if (entry.uncompressedSize > XLSX_LIMITS.entryBytes || total > XLSX_LIMITS.totalBytes) throw tooLarge();
    if (
      entry.uncompressedSize > XLSX_LIMITS.ratioFromBytes &&
      entry.uncompressedSize > entry.compressedSize * XLSX_LIMITS.ratio
    )
      throw tooLarge();
    entries.push(entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  if (!entries.some((entry) => entry.name === 'xl/workbook.xml'))
    throw new BadRequestError(SHEET_MESSAGES.contentMismatch('xlsx'));
  return { entries, directoryOffset };
}
