/** pdf.js's worker module: loaded into this thread so pdf.js needs no separate worker file. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
