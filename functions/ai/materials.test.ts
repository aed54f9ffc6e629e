import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { AI_MESSAGES } from '@shared/ai';
import { makeDocx, makeTextPdf } from '../../tests/support/documents';
import { checkFileType, detectFormat } from './materials';

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
    expect(checkFileType(file(pdf), 'pdf')).toBe('pdf');
    expect(checkFileType(file(docx), 'word')).toBe('docx');
    expect(() => checkFileType(file(pdf), 'word')).toThrow(AI_MESSAGES.fileTypeNotAllowed);
    expect(() => checkFileType(file(docx), 'pdf')).toThrow(AI_MESSAGES.fileTypeNotAllowed);
    expect(() => checkFileType(file(Buffer.alloc(0)), 'pdf')).toThrow(AI_MESSAGES.fileEmpty);
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
    expect(() => checkFileType(file(packed), 'word')).toThrow(AI_MESSAGES.fileDamaged);
  });
});
