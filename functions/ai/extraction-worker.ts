import { isMainThread, parentPort, workerData } from 'node:worker_threads';

/**
 * Text extraction from an uploaded file, run in a worker thread (see `extractText` in
 * materials.ts): a crafted file that makes a parser loop or allocate without end costs the worker,
 * which is stopped at a deadline or a heap limit, never the function that serves the request.
 *
 * PDF: pdf-parse (pdf.js) with its worker code in this thread; .docx: mammoth; legacy .doc:
 * word-extractor. Only relative imports here: in development this file runs through tsx, deployed
 * it is bundled on its own next to the function's bundle (infra/constructs/api.ts).
 */
export type FileFormat = 'pdf' | 'docx' | 'doc';

export interface ExtractionRequest {
  format: FileFormat;
  bytes: Uint8Array;
  /** Longest text handed back; the rest of a long document is not used. */
  maxChars: number;
}

export type ExtractionReply = { text: string } | { failure: string };

/** Pages of a PDF that are read (the generators use at most some tens of thousands of characters). */
const PDF_MAX_PAGES = 200;

/**
 * pdf.js creates a DOMMatrix when it loads (for canvas rendering, which text extraction never
 * does). Node has none and the native canvas package pdf.js would borrow one from is not part of a
 * bundle, so a plain 2D matrix stands in.
 */
class Matrix2D {
  a = 1;
  b = 0;
  c = 0;
  d = 1;
  e = 0;
  f = 0;
  constructor(init?: ArrayLike<number>) {
    if (init && init.length >= 6)
      [this.a, this.b, this.c, this.d, this.e, this.f] = Array.from(init).slice(0, 6) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
  }
  multiplySelf(other: Matrix2D): this {
    const { a, b, c, d, e, f } = this;
    this.a = a * other.a + c * other.b;
    this.b = b * other.a + d * other.b;
    this.c = a * other.c + c * other.d;
    this.d = b * other.c + d * other.d;
    this.e = a * other.e + c * other.f + e;
    this.f = b * other.e + d * other.f + f;
    return this;
  }
  preMultiplySelf(other: Matrix2D): this {
    const product = new Matrix2D([other.a, other.b, other.c, other.d, other.e, other.f]).multiplySelf(this);
    Object.assign(this, {
      a: product.a,
      b: product.b,
      c: product.c,
      d: product.d,
      e: product.e,
      f: product.f,
    });
    return this;
  }
  translateSelf(x = 0, y = 0): this {
    return this.multiplySelf(new Matrix2D([1, 0, 0, 1, x, y]));
  }
  scaleSelf(x = 1, y = x): this {
    return this.multiplySelf(new Matrix2D([x, 0, 0, y, 0, 0]));
  }
  invertSelf(): this {
    const { a, b, c, d, e, f } = this;
    const determinant = a * d - b * c;
    if (!determinant) {
      Object.assign(this, { a: NaN, b: NaN, c: NaN, d: NaN, e: NaN, f: NaN });
      return this;
    }
    Object.assign(this, {
      a: d / determinant,
      b: -b / determinant,
      c: -c / determinant,
      d: a / determinant,
      e: (c * f - d * e) / determinant,
      f: (b * e - a * f) / determinant,
    });
    return this;
  }
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const scope = globalThis as { DOMMatrix?: unknown; pdfjsWorker?: unknown };
  scope.DOMMatrix ??= Matrix2D;
  scope.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: bytes });
  try {
    const result = await parser.getText({ first: PDF_MAX_PAGES, pageJoiner: '' });
    return result.text;
  } finally {
    await parser.destroy();
  }
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const mammoth = await import('mammoth');
  const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return result.value;
}

async function docText(bytes: Uint8Array): Promise<string> {
  const { default: WordExtractor } = await import('word-extractor');
  const document = await new WordExtractor().extract(Buffer.from(bytes));
  return document.getBody();
}

export async function extractInThisThread({ format, bytes, maxChars }: ExtractionRequest): Promise<string> {
  const text =
    format === 'pdf'
      ? await pdfText(bytes)
      : format === 'docx'
        ? await docxText(bytes)
        : await docText(bytes);
  return text.slice(0, maxChars);
}

if (!isMainThread && parentPort && (workerData as { format?: unknown } | undefined)?.format) {
  const port = parentPort;
  extractInThisThread(workerData as ExtractionRequest).then(
    (text) => port.postMessage({ text } satisfies ExtractionReply),
    (error: unknown) =>
      port.postMessage({
        failure: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      } satisfies ExtractionReply),
  );
}
