import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { AI_MESSAGES } from '@shared/ai';
import { makeDocx, makeLoopingDoc, makeLyingDocxBomb, makeTextPdf } from '../../tests/support/documents';
import { createLogger } from '../lib/logger';
import { aiWorker } from './ai-worker';
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

describe('text extraction', { timeout: 60_000 }, () => {
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
  }, 20_000);

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
  }, 30_000);
});
