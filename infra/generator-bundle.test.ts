import { build } from 'esbuild';
import { execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '../shared/ai';
import { makeDocx, makeImageOnlyPdf, makeLoopingDoc, makeTextPdf } from '../tests/support/documents';
import { BUNDLING, extractionWorkerCommand, REPO_ROOT } from './constructs/route-function';

/**
 * The deployed shape of text extraction: the generating code bundled the way the stack bundles a
 * function, the extraction worker bundled next to it by the stack's own command, run by a plain
 * `node` in a folder with no node_modules (as in Lambda, where native packages such as pdf.js's
 * optional canvas are absent).
 */
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'generator-bundle-'));
  await build({
    stdin: {
      contents: "export { extractText } from './functions/ai/materials';",
      resolveDir: REPO_ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    outfile: join(folder, 'index.mjs'),
    minify: BUNDLING.minify,
    target: BUNDLING.target,
    format: 'esm',
    mainFields: BUNDLING.mainFields,
    banner: { js: BUNDLING.banner },
    tsconfig: BUNDLING.tsconfig,
    logLevel: 'error',
  });
  execSync(extractionWorkerCommand(REPO_ROOT, folder), { cwd: REPO_ROOT, stdio: 'pipe' });
  writeFileSync(
    join(folder, 'a.pdf'),
    makeTextPdf(['富士山は日本で最も高い山であり、標高は三七七六メートルである。']),
  );
  writeFileSync(join(folder, 'scan.pdf'), makeImageOnlyPdf());
  writeFileSync(join(folder, 'a.docx'), await makeDocx(['琵琶湖は日本で最も大きな湖である。']));
  writeFileSync(join(folder, 'loop.doc'), makeLoopingDoc());
}, 120_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs extractText from the bundle on one file; the outcome as text. */
function extractWithBundle(fileName: string, format: string): string {
  const script = `
    import { extractText } from './index.mjs';
    import { readFileSync } from 'node:fs';
    const log = { debug() {}, info() {}, warn(m, f) { console.error(m, JSON.stringify(f)); }, error() {}, child() { return log; } };
    extractText({ fileName: '${fileName}', bytes: readFileSync('${fileName}') }, '${format}', log).then(
      (text) => console.log('TEXT ' + JSON.stringify(text)),
      (error) => console.log('ERROR ' + error.status + ' ' + error.message),
    );`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: folder,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_PATH: '' },
  }).trim();
}

describe('text extraction as deployed', () => {
  it('reads a Japanese PDF without the native canvas package', () => {
    expect(extractWithBundle('a.pdf', 'pdf')).toContain('富士山は日本で最も高い山');
  });

  it('says plainly when a PDF has no text', () => {
    expect(extractWithBundle('scan.pdf', 'pdf')).toBe(`ERROR 422 ${AI_MESSAGES.pdfNoText}`);
  });

  it('reads a .docx', () => {
    expect(extractWithBundle('a.docx', 'docx')).toContain('琵琶湖');
  });

  it('answers a damaged-file error for a .doc crafted to loop, instead of running out of memory', () => {
    expect(extractWithBundle('loop.doc', 'doc')).toBe(`ERROR 422 ${AI_MESSAGES.fileDamaged}`);
  });
});
