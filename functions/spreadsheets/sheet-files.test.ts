import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { SHEET_COLUMNS, SHEET_MESSAGES } from '@shared/spreadsheets';
import { decodeCsv, readCsv, writeCsv } from './sheet-csv';
import { checkSheetFile, readZipDirectory, XLSX_LIMITS } from './sheet-file-policy';
import { escapeFormula, questionsFromGrid } from './sheet-layout-policy';
import { readXlsx, writeXlsx } from './sheet-xlsx';

/** The file formats: encodings, byte checks, zip directory limits and both round trips. */
const HEADER = [...SHEET_COLUMNS];
const ROWS = [
  HEADER,
  ['「,」と"引用符"と\n改行', '=HYPERLINK("http://evil")', '+81', '@A1', '-1', 'A', '\t先頭タブ'],
  ['二問目', 'あ', 'い', 'う', 'え', 'D', ''],
];

describe('checkSheetFile', () => {
  const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]);
  it('takes the format from the bytes and refuses a name that says otherwise', () => {
    expect(checkSheetFile({ fileName: 'a.CSV', bytes: Buffer.from('a,b') })).toBe('csv');
    expect(checkSheetFile({ fileName: 'a.xlsx', bytes: zip })).toBe('xlsx');
    expect(() => checkSheetFile({ fileName: 'a.csv', bytes: zip })).toThrow(
      SHEET_MESSAGES.contentMismatch('csv'),
    );
    expect(() => checkSheetFile({ fileName: 'a.xlsx', bytes: Buffer.from('a,b') })).toThrow(
      SHEET_MESSAGES.contentMismatch('xlsx'),
    );
  });

  it('refuses other names, legacy .xls, empty and oversized files', () => {
    expect(() => checkSheetFile({ fileName: 'a.txt', bytes: Buffer.from('a') })).toThrow(
      SHEET_MESSAGES.fileTypeNotAllowed,
    );
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);
    expect(() => checkSheetFile({ fileName: 'a.xls', bytes: ole })).toThrow(SHEET_MESSAGES.legacyExcel);
    expect(() => checkSheetFile({ fileName: 'a.csv', bytes: Buffer.alloc(0) })).toThrow(
      SHEET_MESSAGES.fileEmpty,
    );
    expect(() => checkSheetFile({ fileName: 'a.csv', bytes: Buffer.alloc(1024 * 1024 + 1, 0x61) })).toThrow(
      SHEET_MESSAGES.fileTooLarge,
    );
  });
});

describe('CSV', () => {
  it('reads UTF-8 with or without a BOM, and Shift_JIS', () => {
    const text = '問題文,選択肢A\r\n東京は？,はい\r\n';
    const expected = ['問題文', '選択肢A'];
    expect(decodeCsv(Buffer.from(text))).toBe(text);
    expect(readCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))[0]).toEqual(expected);
    // 「問題文,選択肢A」 as Excel in Japan saves it (Shift_JIS).
    const sjis = Buffer.from('96e291e895b62c914991f08e8841', 'hex');
    expect(readCsv(sjis)[0]).toEqual(expected);
  });

  it('refuses binary junk and a 1 MB cell with a clear message', () => {
    expect(() => readCsv(Buffer.from([0x00, 0xff, 0xfe, 0x01, 0x02, 0x80, 0x81]))).toThrow(
      SHEET_MESSAGES.notText,
    );
    expect(() => readCsv(Buffer.from(`問題文\n"${'あ'.repeat(300_000)}"\n`))).toThrow(/長すぎるセル/);
    expect(() => readCsv(Buffer.from('問題文\n"閉じない\n'))).toThrow(/読み取れませんでした/);
  });

  it('takes back a manual line break (a vertical tab, as Word pastes it) from our own export', () => {
    const file = writeCsv([ROWS[0]!, ['一行目\u000b二行目', 'あ', 'い', '', '', 'A', '']]);
    expect(readCsv(file)[1]![0]).toBe('一行目\u000b二行目');
  });

  it('reads no more than 30 columns of a record, as of a worksheet’s row (a line of commas is not 16,000 cells)', () => {
    const grid = readCsv(Buffer.from(`問題文,${','.repeat(16_000)}\n`));
    expect(grid[0]).toHaveLength(30);
    expect(grid[0]![0]).toBe('問題文');
  });

  it('round-trips our export exactly, formulas escaped in the file', () => {
    const file = writeCsv(ROWS.map((row) => row.map(escapeFormula)));
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain(`"'+81","'@A1","'-1"`);
    expect(text).not.toMatch(/(^|,)"[=+\-@]/m);
    const back = questionsFromGrid(readCsv(file), { csv: true });
    expect(back.errors).toEqual([]);
    expect(back.questions[0]).toMatchObject({
      questionText: ROWS[1]![0],
      optionA: ROWS[1]![1],
      optionB: '+81',
      optionC: '@A1',
      optionD: '-1',
      explanation: '先頭タブ', // trimmed by the create call's schema, as a typed one would be
    });
  });
});

describe('XLSX', () => {
  it('round-trips our export, every cell a string (never a formula)', async () => {
    const file = await writeXlsx(ROWS, '問題');
    const zip = await JSZip.loadAsync(file);
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet).not.toContain('<f>');
    expect(Object.keys(zip.files).filter((name) => name.startsWith('xl/worksheets/sheet'))).toHaveLength(1);
    const grid = await readXlsx(file);
    expect(grid.slice(0, 3)).toEqual(ROWS);
  });

  it('refuses zip bombs from the central directory, before anything is unpacked', async () => {
    const bomb = new JSZip();
    bomb.file('xl/workbook.xml', '<workbook/>');
    bomb.file('xl/worksheets/sheet1.xml', Buffer.alloc(XLSX_LIMITS.entryBytes + 1, 0x20));
    const bytes = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bytes.length).toBeLessThan(1024 * 1024);
    expect(() => readZipDirectory(bytes)).toThrow(SHEET_MESSAGES.xlsxTooLarge);

    const dense = new JSZip();
    dense.file('xl/workbook.xml', '<workbook/>');
    dense.file('xl/sharedStrings.xml', Buffer.alloc(2 * 1024 * 1024, 0x41));
    const denseBytes = await dense.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(() => readZipDirectory(denseBytes)).toThrow(SHEET_MESSAGES.xlsxTooLarge);

    const many = new JSZip();
    many.file('xl/workbook.xml', '<workbook/>');
    for (let index = 0; index <= XLSX_LIMITS.entries; index++) many.file(`x/${index}.xml`, 'x');
    const manyBytes = await many.generateAsync({ type: 'nodebuffer' });
    expect(() => readZipDirectory(manyBytes)).toThrow(SHEET_MESSAGES.xlsxTooLarge);
  });

  it('counts the rows of any worksheet, however its row tags and its path are written', async () => {
    const rows = (separator: string) =>
      `<worksheet><sheetData>${Array.from(
        { length: XLSX_LIMITS.rowElements + 1 },
        (_, index) => `<row${separator}r="${index + 1}"/>`,
      ).join('')}</sheetData></worksheet>`;
    for (const [path, separator] of [
      ['xl/worksheets/sheet1.xml', '\n'],
      ['xl/worksheets/sheet1.xml', '\t'],
      ['/xl/worksheets/sheet1.xml', ' '],
      ['a/xl/worksheets/sheet1.xml', ' '],
    ] as const) {
      const zip = new JSZip();
      zip.file('xl/workbook.xml', '<workbook/>');
      zip.file(path, rows(separator));
      const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      await expect(readXlsx(bytes), `${path} ${JSON.stringify(separator)}`).rejects.toThrow(
        SHEET_MESSAGES.tooManyRows,
      );
    }
  });

  it('catches a directory that understates its sizes, and a zip that is no workbook', async () => {
    const liar = new JSZip();
    liar.file('xl/workbook.xml', '<workbook/>');
    liar.file('xl/worksheets/sheet1.xml', Buffer.alloc(4 * 1024 * 1024, 0x20));
    const bytes = await liar.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    // Rewrite every declared uncompressed size (central directory and local headers) to 100 bytes.
    for (let at = 0; at < bytes.length - 4; at++) {
      const signature = bytes.readUInt32LE(at);
      if (signature === 0x02014b50) bytes.writeUInt32LE(100, at + 24);
      if (signature === 0x04034b50) bytes.writeUInt32LE(100, at + 22);
    }
    await expect(readXlsx(bytes)).rejects.toThrow(SHEET_MESSAGES.xlsxDamaged);

    const docx = new JSZip();
    docx.file('word/document.xml', '<document/>');
    const docxBytes = await docx.generateAsync({ type: 'nodebuffer' });
    await expect(readXlsx(docxBytes)).rejects.toThrow(SHEET_MESSAGES.contentMismatch('xlsx'));
  });
});
