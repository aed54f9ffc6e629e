import { build } from 'esbuild';
import { execFileSync, execSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MESSAGES } from '../shared/ai';
import { makeDocx, makeImageOnlyPdf, makeLoopingDoc, makeTextPdf } from '../tests/support/documents';
import { BUNDLING, extractionWorkerCommand, REPO_ROOT } from './constructs/route-function';

/**
 * The deployed shape of text extraction and offline generation: the generating code bundled the
 * way the stack bundles a function, the AI worker bundled next to it by the stack's own command and
 * the kuromoji dictionary copied beside them, run by a plain `node` in a folder with no
 * node_modules (as in Lambda, where native packages such as pdf.js's optional canvas are absent).
 */
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'generator-bundle-'));
  await build({
    stdin: {
      contents:
        "export { extractText } from './functions/ai/materials'; export { generateOfflineInWorker } from './functions/ai/generation'; export { generateStudyOfflineInWorker } from './functions/ai/study-generation';",
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
    banner: BUNDLING.banner,
    tsconfig: BUNDLING.tsconfig,
    logLevel: 'error',
  });
  execSync(extractionWorkerCommand(REPO_ROOT, folder), { cwd: REPO_ROOT, stdio: 'pipe' });
  // What the stack's bundling hook copies next to the bundle (infra/constructs/api.ts).
  cpSync(join(REPO_ROOT, 'node_modules/kuromoji/dict'), join(folder, 'dict'), { recursive: true });
  writeFileSync(
    join(folder, 'a.pdf'),
    makeTextPdf(['富士山は日本で最も高い山であり、標高は三七七六メートルである。']),
  );
  writeFileSync(join(folder, 'scan.pdf'), makeImageOnlyPdf());
  writeFileSync(join(folder, 'a.docx'), await makeDocx(['琵琶湖は日本で最も大きな湖である。']));
  writeFileSync(join(folder, 'loop.doc'), makeLoopingDoc());
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs a module script in the bundle's folder (no node_modules reachable); what it prints. */
const runInBundleFolder = (script: string) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: folder,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_PATH: '' },
  }).trim();

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
  return runInBundleFolder(script);
}

/** Runs the offline generator from the bundle (in its worker) on some material; the outcome as text. */
function generateWithBundle(material: string): string {
  const script = `
    import { generateOfflineInWorker } from './index.mjs';
    const log = { debug() {}, info() {}, warn() {}, error(m, f) { console.error(m, JSON.stringify(f)); }, child() { return log; } };
    generateOfflineInWorker(
      { numQuestions: 3, difficulty: '中級', category: '一般' },
      ${JSON.stringify(material)},
      'failed',
      { log, deadline: Date.now() + 60_000 },
    ).then(
      (quiz) => console.log('QUIZ ' + JSON.stringify(quiz)),
      (error) => console.log('ERROR ' + error.status + ' ' + error.message),
    );`;
  return runInBundleFolder(script);
}

describe('offline generation as deployed', () => {
  it('makes questions from Japanese and English material with the dictionary beside the bundle', () => {
    const japanese = generateWithBundle(
      '1560年の桶狭間の戦いで、織田信長は今川義元を破った。1575年の長篠の戦いでは、織田・徳川連合軍が武田勝頼の騎馬隊を鉄砲で退けた。1582年、明智光秀が本能寺で信長を討った。その後、豊臣秀吉が1590年に全国を統一し、1600年の関ヶ原の戦いを経て徳川家康が江戸幕府を開いた。',
    );
    expect(japanese).toMatch(/^QUIZ /);
    expect(JSON.parse(japanese.slice(5)).questions).toHaveLength(3);
    const english = generateWithBundle(
      'Mercury is the closest planet to the Sun. Venus is the hottest planet in the Solar System. Jupiter is the largest planet, and Saturn is famous for its rings.',
    );
    expect(english).toMatch(/^QUIZ /);
    expect(JSON.parse(english.slice(5)).provider).toBe('offline');
  });

  it('answers unusable material with the clear message, and the process ends on its own', () => {
    expect(generateWithBundle('A'.repeat(50_000))).toBe(`ERROR 422 ${AI_MESSAGES.notEnoughMaterial}`);
  });
});

describe('focused-study generation as deployed', () => {
  it('makes all three question types from material in the bundled worker', () => {
    const outcome = runInBundleFolder(`
      import { generateStudyOfflineInWorker } from './index.mjs';
      const log = { debug() {}, info() {}, warn() {}, error(m, f) { console.error(m, JSON.stringify(f)); }, child() { return log; } };
      generateStudyOfflineInWorker(
        {
          material: ${JSON.stringify(
            '1560年の桶狭間の戦いで、織田信長は今川義元を破った。1575年の長篠の戦いでは、織田・徳川連合軍が武田勝頼の騎馬隊を鉄砲で退けた。1582年、明智光秀が本能寺で信長を討った。明治維新は、1868年に江戸幕府が倒れて明治政府が成立した一連の改革である。1871年には廃藩置県により藩は廃止され、府県が置かれた。東京は新しい首都となり、京都から天皇が移った。',
          )},
          count: 3,
          difficulty: '中級',
          types: ['multiple_choice', 'multiple_select', 'sort_order'],
          seed: 'bundle',
          avoid: [],
        },
        { log, deadline: Date.now() + 60_000 },
      ).then(
        (questions) => console.log('QUESTIONS ' + JSON.stringify(questions.map((question) => question.type))),
        (error) => console.log('ERROR ' + error.status + ' ' + error.message),
      );`);
    expect(outcome).toBe('QUESTIONS ["multiple_choice","multiple_select","sort_order"]');
  });
});

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
