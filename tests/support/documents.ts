import JSZip from 'jszip';

/**
 * Small real documents made in the test: a PDF whose text is Japanese (a Type0 font with a
 * ToUnicode map, so any PDF reader extracts the characters), a PDF with no text at all (what a
 * scanned page gives), and a .docx written the way Word lays one out.
 */

function pdfFromObjects(objects: string[]): Buffer {
  let body = '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const stream = (content: string) =>
  `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;

/** Identity map from two-byte codes to the same UTF-16 code units (so code = character). */
function identityToUnicode(): string {
  const ranges: string[] = [];
  for (let high = 0; high < 256; high++) {
    const hex = high.toString(16).padStart(2, '0').toUpperCase();
    if (high >= 0xd8 && high <= 0xdf) continue;
    ranges.push(`<${hex}00> <${hex}FF> <${hex}00>`);
  }
  const blocks: string[] = [];
  for (let i = 0; i < ranges.length; i += 100) {
    const chunk = ranges.slice(i, i + 100);
    blocks.push(`${chunk.length} beginbfrange\n${chunk.join('\n')}\nendbfrange`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

const utf16Hex = (text: string) =>
  [...text].map((char) => char.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()).join('');

/** A one-page PDF with the given lines of (Japanese) text. */
export function makeTextPdf(lines: string[]): Buffer {
  const content = [
    'BT',
    '/F1 12 Tf',
    '14 TL',
    '40 800 Td',
    ...lines.map((line) => `<${utf16Hex(line)}> Tj T*`),
    'ET',
  ].join('\n');
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type0 /BaseFont /NotoSansCJKjp-Regular /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>',
    stream(content),
    '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /NotoSansCJKjp-Regular /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 8 0 R /DW 1000 >>',
    stream(identityToUnicode()),
    '<< /Type /FontDescriptor /FontName /NotoSansCJKjp-Regular /Flags 4 /FontBBox [0 -120 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >>',
  ]);
}

/** A one-page PDF with only a drawing on it: no text to extract, like a scanned page. */
export function makeImageOnlyPdf(): Buffer {
  const content = '0.2 0.4 0.8 rg\n50 500 300 200 re f\n0 0 0 RG\n50 450 m 350 450 l S';
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    stream(content),
  ]);
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A .docx with one paragraph per entry. */
export async function makeDocx(paragraphs: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      paragraphs
        .map((text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`)
        .join('') +
      '</w:body></w:document>',
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * A legacy Word (OLE compound) file whose sector chain loops (0 → 2 → 0 …): a reader that follows
 * the chain without a bound never stops. Made by hand, as an attacker would.
 */
export function makeLoopingDoc(): Buffer {
  const sector = 512;
  const bytes = Buffer.alloc(sector * 4, 0);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(bytes, 0);
  bytes.writeUInt16LE(0x003e, 24); // minor version
  bytes.writeUInt16LE(0x0003, 26); // major version 3
  bytes.writeUInt16LE(0xfffe, 28); // little-endian
  bytes.writeInt16LE(9, 30); // 512-byte sectors
  bytes.writeInt16LE(6, 32); // 64-byte mini sectors
  bytes.writeInt32LE(1, 44); // one allocation-table sector
  bytes.writeInt32LE(0, 48); // the directory starts at sector 0
  bytes.writeInt32LE(4096, 56);
  bytes.writeInt32LE(-2, 60); // no mini allocation table
  bytes.writeInt32LE(0, 64);
  bytes.writeInt32LE(-2, 68); // no extra allocation-table list
  bytes.writeInt32LE(0, 72);
  for (let i = 0; i < 109; i++) bytes.writeInt32LE(i === 0 ? 1 : -1, 76 + i * 4);
  // Sector 1 (file offset 1024) is the allocation table: 0 → 2, 1 is the table itself, 2 → 0.
  const table = sector * 2;
  for (let i = 0; i < sector / 4; i++) bytes.writeInt32LE(-1, table + i * 4);
  bytes.writeInt32LE(2, table);
  bytes.writeInt32LE(-3, table + 4);
  bytes.writeInt32LE(0, table + 8);
  return bytes;
}

/** A .docx whose zip directory says document.xml is tiny while it inflates to 80 MB. */
export async function makeLyingDocxBomb(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('word/document.xml', Buffer.alloc(80 * 1024 * 1024, 0x61));
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = bytes.readUInt32LE(end + 16);
  while (bytes.readUInt32LE(at) === 0x02014b50) {
    bytes.writeUInt32LE(100, at + 24); // declared unpacked size
    const local = bytes.readUInt32LE(at + 42);
    bytes.writeUInt32LE(100, local + 22);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return bytes;
}
