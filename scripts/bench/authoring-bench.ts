import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { performance } from 'node:perf_hooks';
import { SHEET_COLUMNS } from '@shared/spreadsheets';
import { signInAs } from '../../tests/support/accounts';
import { TestClient } from '../../tests/support/http-client';
import type { LocalStack } from '../local/stack';
import type { BenchRow } from './ai-bench';

/**
 * The author's tools in `npm run bench -- authoring` (issue 30), through the local gateway:
 * `POST /api/quizzes/import` of a 100-question XLSX and CSV (multipart, as the create dialog sends
 * it), each member's first call a warm-up; and, for scale, how long the hostile files it refuses
 * (10,000 rows, a zip bomb) take to be refused.
 */
export const AUTHORING_BUDGETS = {
  /** Importing a file of 100 questions (the issue's budget). */
  importMs: 1000,
};

const CALLS = 10;

const ms = (value: number) => `${value.toFixed(0)} ms`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** 100 questions of realistic length: a 60-character question, four options, an explanation. */
function questionRows(count: number): string[][] {
  return Array.from({ length: count }, (_, index) => [
    `第${index + 1}問：次のうち、江戸時代の出来事として正しいものはどれか。年号と人物の組み合わせに注意して選びなさい。`,
    `1603年 徳川家康が征夷大将軍になる（${index}）`,
    `1582年 本能寺の変が起こる（${index}）`,
    `1868年 明治維新が始まる（${index}）`,
    `1192年 源頼朝が征夷大将軍になる（${index}）`,
    'ABCD'[index % 4]!,
    '江戸幕府は1603年に開かれ、約260年続きました。本能寺の変は安土桃山時代、明治維新は江戸時代の終わりの出来事です。',
  ]);
}

async function xlsxOf(rows: string[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('問題');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csvOf = (rows: string[][]) =>
  Buffer.from(`\ufeff${rows.map((row) => row.map((cell) => `"${cell}"`).join(',')).join('\r\n')}\r\n`);

async function member(stack: LocalStack) {
  const client = new TestClient(`http://127.0.0.1:${stack.gateway.port}`, {
    origin: new URL(stack.appUrl).origin,
  });
  await client.get('/api/categories');
  await signInAs(client);
  return client;
}

/** Each call's time from request to answer; every answer must be `status`. */
async function timeImports(client: TestClient, file: Buffer, fileName: string, calls: number, status = 200) {
  const times: number[] = [];
  for (let call = 0; call < calls; call++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), fileName);
    const started = performance.now();
    const response = await client.request('POST', '/api/quizzes/import', { body: form });
    times.push(performance.now() - started);
    if (response.status !== status)
      throw new Error(`importing ${fileName} answered ${response.status}: ${response.text.slice(0, 200)}`);
  }
  return times.sort((a, b) => a - b);
}

export async function benchAuthoring(stack: LocalStack): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const sheet = [[...SHEET_COLUMNS], ...questionRows(100)];
  for (const [format, file] of [
    ['XLSX', await xlsxOf(sheet)],
    ['CSV', csvOf(sheet)],
  ] as const) {
    const client = await member(stack);
    const fileName = `100問.${format.toLowerCase()}`;
    await timeImports(client, file, fileName, 1);
    const times = await timeImports(client, file, fileName, CALLS);
    const p50 = percentile(times, 50);
    const worst = times[times.length - 1]!;
    rows.push(
      {
        measure: `import of 100 questions, ${format} (${(file.length / 1024).toFixed(0)} KB): p50`,
        value: ms(p50),
        budget: '',
        ok: null,
      },
      {
        measure: `import of 100 questions, ${format}: slowest of ${CALLS}`,
        value: ms(worst),
        budget: `≤ ${AUTHORING_BUDGETS.importMs} ms`,
        ok: worst <= AUTHORING_BUDGETS.importMs,
      },
    );
  }

  // Hostile files, refused (400): how long the refusal takes.
  const client = await member(stack);
  const many = [
    [...SHEET_COLUMNS],
    ...Array.from({ length: 10_000 }, (_, index) => [`q${index}`, 'a', 'b', '', '', 'A', '']),
  ];
  const bomb = new JSZip();
  bomb.file('xl/workbook.xml', '<workbook/>');
  for (let index = 0; index < 8; index++)
    bomb.file(`xl/worksheets/sheet${index + 1}.xml`, Buffer.alloc(7 << 20, 0x20));
  for (const [measure, file, fileName] of [
    ['refusal of 10,000 rows, XLSX', await xlsxOf(many), 'many.xlsx'],
    ['refusal of 10,000 rows, CSV', csvOf(many), 'many.csv'],
    [
      'refusal of a zip bomb (56 MB unpacked)',
      await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
      'bomb.xlsx',
    ],
  ] as const) {
    const [time] = await timeImports(client, file, fileName, 1, 400);
    rows.push({ measure, value: ms(time!), budget: '', ok: null });
  }
  return rows;
}
