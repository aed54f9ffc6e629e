import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { AI_MESSAGES, type AiSettings } from '@shared/ai';
import { aiWorker } from '@functions/ai/ai-worker';
import { EVALUATION_TARGET, evaluateOfflineGenerator, summarize } from '@functions/ai/evaluation/checks';
import { FAILURE_MESSAGES, generateOfflineInWorker } from '@functions/ai/generation';
import { createLogger } from '@functions/lib/logger';
import { REPO_ROOT } from '../../infra/constructs/route-function';
import { signInAs } from '../../tests/support/accounts';
import { makeDocx, makeTextPdf } from '../../tests/support/documents';
import { TestClient } from '../../tests/support/http-client';

/**
 * AI generation in `npm run bench`: the offline generator as the functions run it (in the warm AI
 * worker), on ordinary material and on the worst cases an attacker can send within the route's
 * limits (time, and the worker's peak resident memory above its warm size); a one-page PDF and
 * .docx through the local gateway once the worker is warm; GET /api/categories while the
 * worst cases run, which shows whether generation holds other requests up; and how many of the
 * offline questions on the fixed evaluation set a teacher would keep (functions/ai/evaluation).
 */
export interface BenchRow {
  measure: string;
  value: string;
  budget: string;
  ok: boolean | null;
}

export const AI_BUDGETS = {
  worstCaseMs: 2000,
  worstCaseExtraMb: 200,
  fileWarmMs: 400,
  /** The slowest GET /api/categories while worst cases are generated (main thread never blocked). */
  othersWhileGeneratingMaxMs: 250,
};

const settings: AiSettings = { numQuestions: 20, difficulty: '中級', category: '歴史' };
const log = createLogger({});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const deadline = () => Date.now() + 60_000;

function material(length: number): string {
  const paragraph = readFileSync(join(REPO_ROOT, 'scripts/bench/ai-material.txt'), 'utf8');
  let text = '';
  for (let copy = 0; text.length < length; copy++)
    text += paragraph.replace(/\d{4}/g, (year) => String(Number(year) + copy));
  return text.slice(0, length);
}

/** Worst-case material within the text call's 50,000-character limit. */
export function worstCases(): [string, string][] {
  const paragraph = readFileSync(join(REPO_ROOT, 'scripts/bench/ai-material.txt'), 'utf8');
  const runs = ['A', '漢', '7', 'ア', 'あ', ' ', 'z', '-'];
  let mixed = '';
  for (let i = 0; mixed.length < 50_000; i++)
    mixed += runs[i % runs.length]!.repeat(500 + ((i * 7919) % 4000)) + paragraph.slice(0, i % 120);
  const english = Array.from(
    { length: 700 },
    (_, i) =>
      `Planet ${i} of the Kepler ${i % 40} system orbits its star every ${80 + i} days at a distance of ${i + 1}.5 million km.`,
  ).join(' ');
  return [
    ['one letter (A × 50,000)', 'A'.repeat(50_000)],
    ['one letter in a Japanese sentence (50,000)', `日本語の${'A'.repeat(49_996)}`],
    ['one kanji (漢 × 50,000)', '漢'.repeat(50_000)],
    ['digits (50,000)', '1234567890'.repeat(5_000)],
    ['a repeated sentence (50,000)', '富士山は日本で最も高い山である。'.repeat(3_200).slice(0, 50_000)],
    ['mixed runs (50,000)', mixed.slice(0, 50_000)],
    ['mostly spaces (50,000)', `${' '.repeat(45_000)}${paragraph}`.slice(0, 50_000)],
    ['English prose, many names and numbers (50,000)', english.slice(0, 50_000)],
  ];
}

const kbOf = (field: string, pid: number) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/**
 * Runs `work` and measures the AI worker's peak resident memory above what it held before (Linux:
 * the peak is reset through /proc/<pid>/clear_refs, then read as VmHWM).
 */
export async function measured<T>(
  work: () => Promise<T>,
): Promise<{ ms: number; extraMb: number; result: T }> {
  const pid = aiWorker.pid;
  if (pid === undefined) throw new Error('the AI worker is not running');
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = kbOf('VmRSS', pid);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  const peak = aiWorker.pid === pid ? kbOf('VmHWM', pid) : NaN;
  return { ms, extraMb: (peak - before) / 1024, result };
}

const outcome = (run: Promise<{ questions: unknown[] }>) =>
  run.then(
    (quiz) => `${quiz.questions.length} questions`,
    (error: unknown) =>
      error instanceof Error && error.message === AI_MESSAGES.notEnoughMaterial
        ? '422'
        : `failed: ${String(error)}`,
  );

/** The offline generator in the AI worker: ordinary material, then the worst cases. */
export async function benchOfflineGenerator(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const generate = (text: string) =>
    generateOfflineInWorker(settings, text, FAILURE_MESSAGES.text, { log, deadline: deadline() });
  aiWorker.stop();
  const started = performance.now();
  await generate(material(500));
  rows.push({
    measure: 'offline AI generator: first call (worker start, dictionary load)',
    value: `${(performance.now() - started).toFixed(0)} ms, worker ${(kbOf('VmRSS', aiWorker.pid!) / 1024).toFixed(0)} MB resident`,
    budget: '',
    ok: null,
  });
  for (const length of [5_000, 50_000]) {
    const text = material(length);
    const times: number[] = [];
    let questions = 0;
    for (let run = 0; run < 5; run++) {
      const at = performance.now();
      questions = (await generate(text)).questions.length;
      times.push(performance.now() - at);
    }
    rows.push({
      measure: `offline AI generator: ${length.toLocaleString('en-US')} characters (median of 5)`,
      value: `${median(times).toFixed(0)} ms (${questions} questions)`,
      budget: '',
      ok: null,
    });
  }
  for (const [name, text] of worstCases()) {
    const { ms, extraMb, result } = await measured(() => outcome(generate(text)));
    const ok =
      ms <= AI_BUDGETS.worstCaseMs && extraMb <= AI_BUDGETS.worstCaseExtraMb && !result.startsWith('failed');
    rows.push({
      measure: `offline AI generator worst case: ${name}`,
      value: `${ms.toFixed(0)} ms, +${extraMb.toFixed(0)} MB (${result})`,
      budget: `≤ ${AI_BUDGETS.worstCaseMs} ms, ≤ ${AI_BUDGETS.worstCaseExtraMb} MB`,
      ok,
    });
  }
  rows.push(...(await benchOfflineQuality()));
  return rows;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/**
 * The offline generators on the evaluation set (10 Japanese and 5 English passages): how many
 * questions pass the checks a teacher would make (functions/ai/evaluation/checks.ts), and each
 * check on its own. Deterministic, so it is measured in this process rather than the worker.
 */
export async function benchOfflineQuality(): Promise<BenchRow[]> {
  const report = await evaluateOfflineGenerator();
  const figures = summarize(report);
  return [
    {
      measure: `offline questions a teacher would keep (evaluation set, ${report.quizzes} passages, quiz and focused study)`,
      value: `${figures.passed} of ${figures.questions} pass (${percent(figures.passRate)})`,
      budget: `≥ ${percent(EVALUATION_TARGET)}`,
      ok: figures.passRate >= EVALUATION_TARGET,
    },
    {
      measure: 'offline questions on the evaluation set: each check',
      value: [
        `key term ${percent(figures.keyTerm)}`,
        `options of the answer's class ${percent(figures.sameClass)}`,
        `well-formed stem ${percent(figures.stem)}`,
        `explanation with context ${percent(figures.context)}`,
        `letters balanced in ${figures.balancedQuizzes} quizzes`,
        `sort order by time ${figures.sortsInTimeOrder}`,
      ].join(', '),
      budget: '',
      ok: null,
    },
  ];
}

const ONE_PAGE = [
  '明治維新は、1868年に江戸幕府が倒れて明治政府が成立した一連の改革である。',
  '西郷隆盛や大久保利通、木戸孝允が中心となった。',
  '1871年には廃藩置県により藩は廃止され、府県が置かれた。',
  '1889年には大日本帝国憲法が発布され、翌1890年に帝国議会が開かれた。',
  '東京は新しい首都となり、京都から天皇が移った。',
];

/** A signed-in advanced member (a new one per call, so neither the daily nor the per-minute limit applies). */
async function member(baseUrl: string, appUrl: string) {
  const client = new TestClient(baseUrl, { origin: new URL(appUrl).origin });
  await client.get('/api/categories');
  await signInAs(client, { isPro: true });
  return client;
}

/**
 * Through the local gateway: a one-page PDF and .docx once the worker is warm (median of 7), and
 * GET /api/categories from another process while worst cases are generated.
 */
export async function benchAiThroughGateway(baseUrl: string, appUrl: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const files = [
    ['PDF', 'pdf', 'generate-quiz-from-pdf', makeTextPdf(ONE_PAGE), 'meiji.pdf'],
    ['.docx', 'word', 'generate-quiz-from-word', await makeDocx(ONE_PAGE), 'meiji.docx'],
  ] as const;
  for (const [label, part, route, bytes, fileName] of files) {
    const times: number[] = [];
    for (let run = 0; run < 8; run++) {
      const client = await member(baseUrl, appUrl);
      const form = new FormData();
      form.append('numQuestions', '5');
      form.append('category', '歴史');
      form.append(part, new Blob([new Uint8Array(bytes)]), fileName);
      const at = performance.now();
      const response = await client.request('POST', `/api/ai/${route}`, { body: form });
      if (response.status !== 200) throw new Error(`${route} answered ${response.status}: ${response.text}`);
      // The first call starts the worker and loads the parser: the warm figure leaves it out.
      if (run > 0) times.push(performance.now() - at);
    }
    const warm = median(times);
    rows.push({
      measure: `POST /api/ai/${route}: one-page ${label}, warm (median of 7)`,
      value: `${warm.toFixed(0)} ms`,
      budget: `≤ ${AI_BUDGETS.fileWarmMs} ms`,
      ok: warm <= AI_BUDGETS.fileWarmMs,
    });
  }

  // Other requests while members send worst-case text, one after another: a generator on the main
  // thread would stall them for as long as each generation takes.
  const url = `${baseUrl.replace('localhost', '127.0.0.1')}/api/categories`;
  let generating = true;
  const generations = (async () => {
    try {
      for (const [, text] of worstCases()) {
        const client = await member(baseUrl, appUrl);
        await client.request('POST', '/api/ai/generate-quiz-from-text', { json: { ...settings, text } });
      }
    } finally {
      generating = false;
    }
  })();
  const latencies: number[] = [];
  while (generating) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(REPO_ROOT, 'scripts/bench/load.mjs'), url, '4', '100', '0'],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    latencies.push(...(JSON.parse(stdout) as { latencies: number[] }).latencies);
  }
  await generations;
  latencies.sort((a, b) => a - b);
  const slowest = latencies[latencies.length - 1]!;
  rows.push({
    measure: 'GET /api/categories while worst cases are generated: slowest',
    value: `${slowest.toFixed(1)} ms (p50 ${median(latencies).toFixed(1)} ms, ${latencies.length} requests)`,
    budget: `≤ ${AI_BUDGETS.othersWhileGeneratingMaxMs} ms`,
    ok: slowest <= AI_BUDGETS.othersWhileGeneratingMaxMs,
  });
  return rows;
}
