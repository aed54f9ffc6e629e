import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { AI_MESSAGES, AI_TEXT_MAX_LENGTH } from '@shared/ai';
import { makeDocx, makeLoopingDoc, makeLyingDocxBomb, makeTextPdf } from '../../tests/support/documents';
import { createLogger } from '../lib/logger';
import { aiWorker } from './ai-worker';
import { documentText } from './docx-text';
import { checkFileType, detectFormat, extractText } from './materials';

const file = (bytes: Buffer, fileName = 'material') => ({ fileName, bytes });

describe('file type by magic bytes', () => {
  it('recognises PDF, .docx and legacy .doc whatever the name says', async () => {
    expect(detectFormat(makeTextPdf(['テスト']))).toBe('pdf');
    expect(detectFormat(await makeDocx(['テスト']))).toBe('docx');
    expect(detectFormat(Buffer.from('d0cf11e0a1b11ae10000', 'hex'))).toBe('doc');
    expect(detectFormat(Buffer.from('GIF89a'))).toBeNull();
    expect(detectFormat(Buffer.from('%!PS-Adobe'))).toBeNull();
  });

  it('takes each format only at its own call', async () => {
    const pdf = makeTextPdf(['テスト']);
    const docx = await makeDocx(['テスト']);
    await expect(checkFileType(file(pdf), 'pdf')).resolves.toBe('pdf');
    await expect(checkFileType(file(docx), 'word')).resolves.toBe('docx');
    await expect(checkFileType(file(pdf), 'word')).rejects.toThrow(AI_MESSAGES.fileTypeNotAllowed);
    await expect(checkFileType(file(docx), 'pdf')).rejects.toThrow(AI_MESSAGES.fileTypeNotAllowed);
    await expect(checkFileType(file(Buffer.alloc(0)), 'pdf')).rejects.toThrow(AI_MESSAGES.fileEmpty);
  });

  it('checks a .docx zip before extraction: entry count and unpacked size', async () => {
    const many = new JSZip();
    many.file('word/document.xml', '<w:document/>');
    for (let i = 0; i < 2001; i++) many.file(`junk/${i}.xml`, '');
    await expect(
      many.generateAsync({ type: 'nodebuffer' }).then((bytes) => checkFileType(file(bytes), 'word')),
    ).rejects.toMatchObject({ status: 422 });

    const bomb = new JSZip();
    bomb.file('word/document.xml', 'a'.repeat(65 * 1024 * 1024));
    const packed = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(packed.length).toBeLessThan(1024 * 1024);
    await expect(checkFileType(file(packed), 'word')).rejects.toThrow(AI_MESSAGES.fileDamaged);
  });

  it('inflates a .docx to check it, since a zip can lie about its sizes', async () => {
    const bomb = await makeLyingDocxBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(checkFileType(file(bomb), 'word')).rejects.toThrow(AI_MESSAGES.fileDamaged);
  });
});

describe('text extraction', () => {
  const log = createLogger({});

  it('reads Japanese text from a PDF, a .docx and a legacy .doc', async () => {
    const lines = ['富士山は日本で最も高い山であり、標高は三七七六メートルである。'];
    await expect(extractText(file(makeTextPdf(lines)), 'pdf', log)).resolves.toContain('富士山');
    await expect(extractText(file(await makeDocx(lines)), 'docx', log)).resolves.toContain('三七七六');
    // A Word 97 file that LibreOffice saved (tests/support/fixtures/sengoku.doc).
    const doc = readFileSync(new URL('../../tests/support/fixtures/sengoku.doc', import.meta.url));
    await expect(checkFileType(file(doc), 'word')).resolves.toBe('doc');
    const text = await extractText(file(doc), 'doc', log);
    expect(text).toContain('1560年の桶狭間の戦いで、織田信長は今川義元を破った。');
    expect(text).toContain('徳川家康が江戸幕府を開いた。');
  });

  it('gives a damaged-file error for a .doc whose sector chain loops, and carries on', async () => {
    const doc = makeLoopingDoc();
    await expect(checkFileType(file(doc), 'word')).resolves.toBe('doc');
    await expect(extractText(file(doc), 'doc', log)).rejects.toMatchObject({
      status: 422,
      message: AI_MESSAGES.fileDamaged,
    });
    await expect(
      extractText(file(await makeDocx(['琵琶湖は日本で最も大きな湖である。'])), 'docx', log),
    ).resolves.toContain('琵琶湖');
  });

  it('reads one file after another in one warm worker, and replaces it only after a crash', async () => {
    // Before: every file started a worker of its own, loading the parsers again (1.6–2.8 s a PDF).
    const pdf = file(makeTextPdf(['光合成は葉緑体で行われ、酸素が放出される。']));
    await expect(extractText(pdf, 'pdf', log)).resolves.toContain('葉緑体');
    const warm = aiWorker.pid;
    expect(warm).toBeDefined();
    await expect(
      extractText(file(await makeDocx(['月は地球の衛星である。'])), 'docx', log),
    ).resolves.toContain('衛星');
    await expect(extractText(pdf, 'pdf', log)).resolves.toContain('酸素');
    expect(aiWorker.pid).toBe(warm);
    // A file that takes the worker down costs that worker only: the next file gets a new one.
    await expect(extractText(file(makeLoopingDoc()), 'doc', log)).rejects.toMatchObject({ status: 422 });
    await expect(extractText(pdf, 'pdf', log)).resolves.toContain('葉緑体');
    expect(aiWorker.pid).toBeDefined();
    expect(aiWorker.pid).not.toBe(warm);
  });

  it('reads only the text it uses from a .docx, even one of a million paragraphs (a 160 KB file)', async () => {
    // Before: the whole document was converted first, which took this one past the 10 s deadline.
    const many = await makeDocx(Array.from({ length: 1_000_000 }, () => 'A'));
    expect(many.length).toBeLessThan(200 * 1024);
    await expect(checkFileType(file(many), 'word')).resolves.toBe('docx');
    const text = await extractText(file(many), 'docx', log);
    expect(text).toHaveLength(AI_TEXT_MAX_LENGTH);
    expect(text.startsWith('A\n\nA\n\nA')).toBe(true);
  });
});

describe('the text of a .docx', () => {
  const body = (xml: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><w:body>${xml}</w:body></w:document>`;

  it('is what Word shows: runs, tabs, breaks, table cells; not deleted text, field codes or a duplicate rendering', () => {
    const xml = body(
      '<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr><w:r><w:t>富士山</w:t></w:r><w:r><w:t xml:space="preserve"> &amp; 琵琶湖</w:t></w:r></w:p>' +
        '<w:p><w:r><w:t>A</w:t><w:tab/><w:t>B</w:t><w:br/><w:t>C&#x4E00;&#12354;&lt;</w:t></w:r>' +
        '<w:del><w:r><w:delText>消した文</w:delText></w:r></w:del><w:ins><w:r><w:t>加えた文</w:t></w:r></w:ins></w:p>' +
        '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>3</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>' +
        '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>表の中</w:t></w:r></w:p></w:tc></w:tr></w:tbl>' +
        '<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:t>二重</w:t></mc:Choice><mc:Fallback><w:t>枠の中</w:t></mc:Fallback></mc:AlternateContent></w:r></w:p>',
    );
    expect(documentText(xml, 1000)).toBe(
      '富士山 & 琵琶湖\n\nA\tB\nC一あ<加えた文\n\n3\n\n表の中\n\n枠の中\n\n',
    );
  });

  it('stops once it has the text it uses, whatever the size of a text node', () => {
    const xml = body(`<w:p><w:r><w:t>${'A'.repeat(5_000_000)}</w:t></w:r></w:p>`);
    expect(documentText(xml, 100)).toBe('A'.repeat(100));
    expect(documentText(body('<w:p><w:r><w:t>未完'), 100)).toBe('未完');
  });
});
