import { inflateRawSync } from 'node:zlib';

/**
 * The text of a .docx's main document, read in one pass over `word/document.xml` that stops once
 * it has as much text as is used. A general-purpose converter (mammoth) builds a DOM of the whole
 * document first: about 70 µs a paragraph, so a 160 KB file of a million empty paragraphs kept it
 * busy past any deadline. Here the cost is the inflating (bounded by the zip check in
 * materials.ts) and a scan of only as much XML as the text needs.
 *
 * The text is what Word shows: the runs' text (w:t) in document order, a blank line after each
 * paragraph (table cells and text boxes included), tabs and line breaks; not deleted text, field
 * instructions, nor the first of an alternate content's two renderings (mc:Choice; mc:Fallback is
 * read, as mammoth does). Only relative imports: this runs in the AI worker.
 */
const DOCUMENT = 'word/document.xml';
/** The zip check in materials.ts allows no more than this unpacked in all. */
const DOCUMENT_MAX_BYTES = 64 * 1024 * 1024;

/** Elements whose content is not shown. */
const HIDDEN = new Set(['delText', 'instrText', 'Choice', 'fldData']);

/** Finds and inflates one entry of a zip (the central directory is trusted: inspectDocx checked it). */
function zipEntry(bytes: Buffer, name: string): Buffer {
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--)
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) throw new Error('not a zip');
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i++) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error('damaged zip directory');
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const localHeader = bytes.readUInt32LE(at + 42);
    if (bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8') === name) {
      const start =
        localHeader + 30 + bytes.readUInt16LE(localHeader + 26) + bytes.readUInt16LE(localHeader + 28);
      const data = bytes.subarray(start, start + compressedSize);
      if (method === 0) return data;
      if (method === 8) return inflateRawSync(data, { maxOutputLength: DOCUMENT_MAX_BYTES });
      throw new Error(`compression method ${method}`);
    }
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  throw new Error(`no ${name}`);
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[a-z]{2,4});/g, (entity, body: string) => {
    if (body[0] !== '#') return ENTITIES[body] ?? entity;
    const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });

/** The shown text of document.xml, at most about `maxChars` characters (see the module comment). */
export function documentText(xml: string, maxChars: number): string {
  const parts: string[] = [];
  let length = 0;
  const emit = (text: string) => {
    parts.push(text);
    length += text.length;
  };
  const piece = /<[^>]*>|[^<]+/gy;
  let hidden = 0;
  let inText = false;
  for (let match = piece.exec(xml); match && length < maxChars; match = piece.exec(xml)) {
    const token = match[0];
    if (token[0] !== '<') {
      // A text node may be megabytes long: only what is still wanted is decoded (entities are short).
      if (inText && hidden === 0) emit(decode(token.slice(0, maxChars - length + 16)));
      continue;
    }
    const tag = /^<(\/?)(?:[\w.-]+:)?([\w.-]+)/.exec(token);
    if (!tag) continue;
    const [, closing, local] = tag as unknown as [string, string, string];
    const selfClosing = token.endsWith('/>');
    if (HIDDEN.has(local!)) {
      if (closing) hidden = Math.max(0, hidden - 1);
      else if (!selfClosing) hidden += 1;
      continue;
    }
    if (hidden > 0) continue;
    if (local === 't') inText = !closing && !selfClosing;
    else if (closing && local === 'p') emit('\n\n');
    else if (!closing && (local === 'tab' || local === 'ptab')) emit('\t');
    else if (!closing && (local === 'br' || local === 'cr')) emit('\n');
    else if (!closing && local === 'noBreakHyphen') emit('-');
  }
  return parts.join('').slice(0, maxChars);
}

/** The text of a .docx (at most `maxChars` characters). */
export function docxText(bytes: Buffer, maxChars: number): string {
  return documentText(zipEntry(bytes, DOCUMENT).toString('utf8'), maxChars);
}
