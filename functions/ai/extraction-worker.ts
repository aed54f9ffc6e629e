import {
  AI_WORKER_ARG,
  type WorkerJob,
  type WorkerOutcome,
  type WorkerReply,
  type WorkerRequest,
} from './worker-protocol';

/**
 * The AI worker: text extraction from an uploaded file and the offline generator, run in a child
 * process that stays warm between requests (see ai-worker.ts). A crafted file that makes a parser
 * loop or allocate without end, or material that is costly to analyse, costs this process, which
 * is stopped at a deadline or dies at its heap limit, never the function that serves the request;
 * and the function's own thread stays free for other requests meanwhile.
 *
 * PDF: pdf-parse (pdf.js) with its worker code in this thread; .docx: docx-text.ts; legacy .doc:
 * word-extractor; generation: offline-generator.ts and study-generator.ts (kuromoji). Each is
 * loaded when first needed and kept. In development this file runs through tsx; deployed it is bundled on its own next to the
 * function's bundle (infra/constructs/api.ts), with the kuromoji dictionary beside it.
 */
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

const loadPdf = once(async () => {
  const scope = globalThis as { DOMMatrix?: unknown; pdfjsWorker?: unknown };
  scope.DOMMatrix ??= Matrix2D;
  scope.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  return (await import('pdf-parse')).PDFParse;
});
const loadDocx = once(() => import('./docx-text'));
const loadWordExtractor = once(async () => (await import('word-extractor')).default);
const loadGenerator = once(async () => {
  const [{ generateOffline }, { japaneseTokenizer }] = await Promise.all([
    import('./offline-generator'),
    import('./tokenizer'),
  ]);
  await japaneseTokenizer();
  return generateOffline;
});
const loadStudyGenerator = once(async () => {
  const [{ generateStudyOffline }, { japaneseTokenizer }] = await Promise.all([
    import('./study-generator'),
    import('./tokenizer'),
  ]);
  await japaneseTokenizer();
  return generateStudyOffline;
});

/** A loader run once; a failed load is tried again next time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** The text of a PDF's pages in order, read page by page until there is as much as is used. */
async function pdfText(bytes: Uint8Array, maxChars: number): Promise<string> {
  const PDFParse = await loadPdf();
  const parser = new PDFParse({ data: bytes });
  try {
    let text = '';
    for (let page = 1; page <= PDF_MAX_PAGES && text.length < maxChars; page++) {
      const result = await parser.getText({ partial: [page] });
      text += result.text;
      if (page >= result.total) break;
    }
    return text;
  } finally {
    await parser.destroy();
  }
}

async function docxText(bytes: Uint8Array, maxChars: number): Promise<string> {
  const { docxText: read } = await loadDocx();
  return read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), maxChars);
}

async function docText(bytes: Uint8Array): Promise<string> {
  const WordExtractor = await loadWordExtractor();
  const document = await new WordExtractor().extract(Buffer.from(bytes));
  return document.getBody();
}

/** Loads what a job needs (not counted against its deadline). */
async function load(job: WorkerJob): Promise<void> {
  if (job.task === 'generate') await loadGenerator();
  else if (job.task === 'study') await loadStudyGenerator();
  else if (job.format === 'pdf') await loadPdf();
  else if (job.format === 'docx') await loadDocx();
  else await loadWordExtractor();
}

/** The generators' "nothing to ask about" (UnusableMaterialError, 422) is an answer, not a failure. */
async function generating(work: () => Promise<WorkerOutcome>): Promise<WorkerOutcome> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error && (error as { status?: unknown }).status === 422)
      return { unusable: error.message };
    throw error;
  }
}

async function run(job: WorkerJob): Promise<WorkerOutcome> {
  if (job.task === 'generate') {
    const generateOffline = await loadGenerator();
    return generating(async () => ({ quiz: await generateOffline(job.settings, job.material) }));
  }
  if (job.task === 'study') {
    const generateStudyOffline = await loadStudyGenerator();
    return generating(async () => ({ studyQuestions: await generateStudyOffline(job.request) }));
  }
  const text =
    job.format === 'pdf'
      ? await pdfText(job.bytes, job.maxChars)
      : job.format === 'docx'
        ? await docxText(job.bytes, job.maxChars)
        : await docText(job.bytes);
  return { text: text.slice(0, job.maxChars) };
}

const describeError = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** Sends a reply to the function; a function that has gone away ends this process. */
function reply(message: WorkerReply) {
  process.send?.(message, undefined, {}, (error: Error | null) => {
    if (error) process.exit(0);
  });
}

if (process.argv[2] === AI_WORKER_ARG && process.send) {
  process.on('disconnect', () => process.exit(0));
  // One job at a time, in the order sent (the function also sends them one by one).
  let queue = Promise.resolve();
  process.on('message', ({ id, job }: WorkerRequest) => {
    queue = queue.then(async () => {
      try {
        await load(job);
        reply({ id, loaded: true });
        reply({ id, ...(await run(job)) });
      } catch (error) {
        reply({ id, failure: describeError(error) });
      }
    });
  });
}
