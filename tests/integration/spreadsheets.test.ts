import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadTicket } from '@shared/ai';
import { LIMITS } from '@shared/constants';
import { QUIZ_MESSAGES } from '@shared/quizzes';
import { SHEET_COLUMNS, SHEET_MESSAGES, type ImportResult } from '@shared/spreadsheets';
import { seed } from '../../scripts/seed';
import { member, visitor } from '../support/actors';
import { startTestGateway } from '../support/gateway';
import type { TestClient } from '../support/http-client';

/**
 * Spreadsheet import and export (issue 30) through the local gateway: the export's file (name,
 * BOM, columns, formula escaping) for the author and administrators only, the import of each
 * layout and encoding with row errors and nothing saved, the upload path, hostile files refused
 * with a Japanese message, and the import's rate limit under 30 parallel calls.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
  await seed();
});
afterAll(() => gateway.stop());

type Response = Awaited<ReturnType<TestClient['request']>>;
const HEADER = [...SHEET_COLUMNS];

/** Questions as the create call takes them, with the texts a spreadsheet might run as formulas. */
const QUESTIONS = [
  {
    questionText: '=1+1 は何になる？（"引用符"と,カンマ）',
    optionA: '2',
    optionB: '-1',
    optionC: '+3',
    optionD: '@4',
    correctAnswer: 'A',
    explanation: '足し算です。\n改行もそのまま。',
  },
  {
    questionText: '日本の首都は？',
    optionA: '大阪',
    optionB: '東京',
    optionC: null,
    optionD: null,
    correctAnswer: 'B',
    explanation: null,
  },
  {
    questionText: '富士山の高さに最も近いのは？',
    optionA: '1776m',
    optionB: '2776m',
    optionC: '3776m',
    optionD: null,
    correctAnswer: 'C',
    explanation: "'=SUM(A1) のような文字もそのまま",
  },
];

async function createQuiz(client: TestClient, title = '数式と「日本語」/のクイズ') {
  const response = await client.request('POST', '/api/quizzes', {
    json: {
      quiz: { title, description: '説明', category: '科学', difficulty: '初級', isPublished: true },
      questions: QUESTIONS,
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.json.id as string;
}

/** A download, read as bytes (the test client reads answers as text). */
async function download(client: TestClient, path: string) {
  const response = await fetch(`${gateway.url}${path}`, { headers: { Cookie: client.cookieHeader() } });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const importFile = (client: TestClient, bytes: Buffer | Uint8Array, fileName: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  return client.request('POST', '/api/quizzes/import', { body: form });
};
const result = (response: Response) => response.json as unknown as ImportResult;

async function xlsxOf(rows: unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csvOf = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(',')).join('\r\n'));

function expectRefused(response: Response, status: number, message: string | RegExp) {
  expect(response.status, response.text).toBe(status);
  expect(response.json.message).toEqual(
    typeof message === 'string' ? message : expect.stringMatching(message),
  );
}

describe('export', () => {
  it('gives the author a CSV named after the quiz: UTF-8 with a BOM, our columns, formulas escaped', async () => {
    const { client } = await member(gateway);
    const id = await createQuiz(client);
    const file = await download(client, `/api/my-quizzes/${id}/export?format=csv`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="quiz-${id}.csv"; filename*=UTF-8''` +
        `${encodeURIComponent('数式と「日本語」_のクイズ')}.csv`,
    );
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(HEADER.map((name) => `"${name}"`).join(','));
    expect(text).toContain(`"'=1+1 は何になる？（""引用符""と,カンマ）","2","'-1","'+3","'@4","A"`);
    expect(text).toContain(`"''=SUM(A1) のような文字もそのまま"`);
    // No field a spreadsheet would start a formula with.
    expect(text).not.toMatch(/(^|,)"[=+\-@\t\r]/m);
  });

  it('gives an XLSX of one sheet of string cells, and both files import back to the same questions', async () => {
    const { client } = await member(gateway);
    const id = await createQuiz(client, 'Plain title');
    const xlsx = await download(client, `/api/my-quizzes/${id}/export?format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers.get('content-disposition')).toContain(`filename="Plain title.xlsx"`);
    const zip = await JSZip.loadAsync(xlsx.bytes);
    const sheets = Object.keys(zip.files).filter((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name));
    expect(sheets).toHaveLength(1);
    expect(await zip.file(sheets[0]!)!.async('string')).not.toContain('<f>');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ExcelJS.Buffer);
    const cell = workbook.worksheets[0]!.getCell('A2');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(QUESTIONS[0]!.questionText);

    const csv = await download(client, `/api/my-quizzes/${id}/export?format=csv`);
    for (const [bytes, name] of [
      [xlsx.bytes, 'export.xlsx'],
      [csv.bytes, 'export.csv'],
    ] as const) {
      const imported = await importFile(client, bytes, name);
      expect(imported.status, imported.text).toBe(200);
      expect(result(imported)).toEqual({ questions: QUESTIONS, errors: [] });
    }
  });

  it('is for the author and administrators only: 404 for others, 401 for guests, 400 for a bad format', async () => {
    const { client } = await member(gateway);
    const id = await createQuiz(client);
    const { client: other } = await member(gateway);
    expect((await download(other, `/api/my-quizzes/${id}/export?format=csv`)).status).toBe(404);
    const guest = await visitor(gateway);
    expect((await guest.get(`/api/my-quizzes/${id}/export?format=csv`)).status).toBe(401);
    const { client: admin } = await member(gateway, { role: 'admin' });
    expect((await download(admin, `/api/my-quizzes/${id}/export?format=xlsx`)).status).toBe(200);
    expectRefused(await client.get(`/api/my-quizzes/${id}/export?format=pdf`), 400, /csv または xlsx/);
    expectRefused(await client.get(`/api/my-quizzes/${id}/export`), 400, /csv または xlsx/);
    expect((await client.request('DELETE', `/api/quizzes/${id}`)).status).toBe(200);
    expectRefused(await client.get(`/api/my-quizzes/${id}/export?format=csv`), 404, QUIZ_MESSAGES.notFound);
  });
});

describe('import', () => {
  it('reads Shift_JIS and UTF-8 CSV (with or without BOM), 正解 as letters or digits, full-width too', async () => {
    const { client } = await member(gateway);
    // What Excel in Japan saves: 「…日本の首都は？,東京,大阪,,,１,首都です」 in Shift_JIS.
    const sjis = Buffer.from(
      '96e291e895b62c914991f08e88412c914991f08e88422c914991f08e88432c914991f08e88442c90b389f02c89f090e00d0a' +
        '93fa967b82cc8ef1937382cd81482c938c8b9e2c91e58de32c2c2c82502c8ef1937382c582b70d0a',
      'hex',
    );
    const expected = {
      questionText: '日本の首都は？',
      optionA: '東京',
      optionB: '大阪',
      optionC: null,
      optionD: null,
      correctAnswer: 'A',
      explanation: '首都です',
    };
    expect(result(await importFile(client, sjis, '問題.csv'))).toEqual({ questions: [expected], errors: [] });
    const utf8 = csvOf([
      HEADER,
      ['日本の首都は？', '東京', '大阪', '', '', 'a', '首都です'],
      ['次', 'あ', 'い', 'う', '', '３', ''],
    ]);
    for (const bytes of [utf8, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8])]) {
      const response = await importFile(client, bytes, 'utf8.csv');
      expect(result(response).questions.map((question) => question.correctAnswer)).toEqual(['A', 'C']);
    }
  });

  it("reads Kahoot's template: title rows, then Question, Answer 1–4, Time limit, Correct answer(s)", async () => {
    const { client } = await member(gateway);
    const file = await xlsxOf([
      ['Quiz template'],
      [
        'Add questions, at least two answer alternatives, time limit and choose correct answers (at least one).',
      ],
      [],
      [
        '',
        'Question - max 120 characters',
        'Answer 1 - max 75 characters',
        'Answer 2 - max 75 characters',
        'Answer 3 - max 75 characters',
        'Answer 4 - max 75 characters',
        'Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs',
        'Correct answer(s) - choose at least one',
      ],
      [1, '光の三原色に含まれないのは？', '赤', '緑', '青', '黄', 20, 4],
      [2, '1+1は？', 2, 3, '', '', 10, '1'],
      [3, '複数正解', 'a', 'b', 'c', '', 20, '1,3'],
      [4],
    ]);
    const response = await importFile(client, file, 'kahoot.xlsx');
    expect(response.status, response.text).toBe(200);
    expect(result(response)).toEqual({
      questions: [
        expect.objectContaining({
          questionText: '光の三原色に含まれないのは？',
          optionD: '黄',
          correctAnswer: 'D',
        }),
        expect.objectContaining({ questionText: '1+1は？', optionA: '2', optionC: null, correctAnswer: 'A' }),
      ],
      errors: [{ row: 7, column: 'Correct answer(s)', message: SHEET_MESSAGES.correctAnswerMultiple }],
    });
  });

  it('lists each bad row in Japanese with its spreadsheet row and column, and saves nothing', async () => {
    const { client } = await member(gateway);
    const file = csvOf([
      ['クイズの問題'],
      HEADER,
      ['よい問題', 'あ', 'い', '', '', 'B', ''],
      ['', 'あ', '', '', '', 'Z', ''],
      ['空欄が正解', 'あ', 'い', '', '', 'D', ''],
    ]);
    const response = await importFile(client, file, 'errors.csv');
    expect(response.status, response.text).toBe(200);
    expect(result(response).questions).toHaveLength(1);
    expect(result(response).errors).toEqual([
      { row: 4, column: '正解', message: SHEET_MESSAGES.correctAnswerInvalid },
      { row: 4, column: '問題文', message: QUIZ_MESSAGES.questionTextRequired },
      { row: 4, column: '選択肢B', message: QUIZ_MESSAGES.optionBRequired },
      { row: 5, column: '正解', message: QUIZ_MESSAGES.correctAnswerMissingOption },
    ]);
    expect((await client.get('/api/my-quizzes')).json).toEqual([]);
  });

  it(`takes a quiz's ${LIMITS.questionsPerQuizMax} questions and reports the rows past them`, async () => {
    const { client } = await member(gateway);
    const rows = Array.from({ length: 100 }, (_, index) => [`問題${index + 1}`, 'あ', 'い', '', '', '1', '']);
    const response = await importFile(client, await xlsxOf([HEADER, ...rows]), '100問.xlsx');
    expect(response.status, response.text).toBe(200);
    expect(result(response).questions).toHaveLength(LIMITS.questionsPerQuizMax);
    expect(result(response).errors).toHaveLength(100 - LIMITS.questionsPerQuizMax);
    expect(result(response).errors[0]).toMatchObject({
      row: LIMITS.questionsPerQuizMax + 2,
      column: '問題文',
    });
  });

  it('refuses anything else with a clear message', async () => {
    const { client } = await member(gateway);
    expectRefused(
      await importFile(
        client,
        csvOf([
          ['name', 'score'],
          ['a', '1'],
        ]),
        'a.csv',
      ),
      400,
      SHEET_MESSAGES.noHeader,
    );
    expectRefused(await importFile(client, csvOf([HEADER]), 'a.csv'), 400, SHEET_MESSAGES.noRows);
    expectRefused(
      await importFile(client, Buffer.from('hello'), 'a.txt'),
      400,
      SHEET_MESSAGES.fileTypeNotAllowed,
    );
    expectRefused(await importFile(client, Buffer.alloc(0), 'a.csv'), 400, SHEET_MESSAGES.fileEmpty);
    const none = await client.request('POST', '/api/quizzes/import', { body: new FormData() });
    expectRefused(none, 400, SHEET_MESSAGES.fileRequired);
    const guest = await visitor(gateway);
    expect((await importFile(guest, csvOf([HEADER]), 'a.csv')).status).toBe(401);
  });
});

describe('import of hostile files', () => {
  it('refuses a zip bomb from its central directory', async () => {
    const { client } = await member(gateway);
    const bomb = new JSZip();
    bomb.file('[Content_Types].xml', '<Types/>');
    bomb.file('xl/workbook.xml', '<workbook/>');
    for (let index = 0; index < 8; index++)
      bomb.file(`xl/worksheets/sheet${index + 1}.xml`, Buffer.alloc(7 * 1024 * 1024, 0x20));
    const bytes = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bytes.length).toBeLessThan(1024 * 1024);
    expectRefused(await importFile(client, bytes, 'bomb.xlsx'), 400, SHEET_MESSAGES.xlsxTooLarge);
  });

  it('refuses a 1 MB cell, 10,000 rows, binary junk and files whose bytes are not what the name says', async () => {
    const { client } = await member(gateway);
    const oneCell = Buffer.from(`${HEADER.join(',')}\r\n"${'あ'.repeat(340_000)}",a,b,,,A,\r\n`);
    expect(oneCell.length).toBeLessThanOrEqual(1024 * 1024);
    expectRefused(await importFile(client, oneCell, 'cell.csv'), 400, /長すぎるセル/);
    // One cell of 900 KB in an XLSX: all alike, its compression ratio gives it away; varied, it is
    // read (bounded by the zip's limits) and its row reported as too long.
    const alike = await xlsxOf([HEADER, ['あ'.repeat(300_000), 'a', 'b', '', '', 'A', '']]);
    expectRefused(await importFile(client, alike, 'cell.xlsx'), 400, SHEET_MESSAGES.xlsxTooLarge);
    const varied = Array.from({ length: 300_000 }, (_, index) =>
      String.fromCharCode(0x4e00 + ((index * 7919) % 20_000)),
    ).join('');
    const cellRow = await importFile(
      client,
      await xlsxOf([HEADER, [varied, 'a', 'b', '', '', 'A', '']]),
      'cell.xlsx',
    );
    expect(cellRow.status, cellRow.text).toBe(200);
    expect(result(cellRow)).toEqual({
      questions: [],
      errors: [{ row: 2, column: '問題文', message: QUIZ_MESSAGES.questionTextMax }],
    });

    const rows = Array.from({ length: 10_000 }, (_, index) => [`q${index}`, 'a', 'b', '', '', 'A', '']);
    expectRefused(
      await importFile(client, csvOf([HEADER, ...rows]), 'many.csv'),
      400,
      SHEET_MESSAGES.tooManyRows,
    );
    expectRefused(
      await importFile(client, await xlsxOf([HEADER, ...rows]), 'many.xlsx'),
      400,
      SHEET_MESSAGES.tooManyRows,
    );

    const junk = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256));
    expectRefused(await importFile(client, junk, 'junk.csv'), 400, SHEET_MESSAGES.notText);
    expectRefused(await importFile(client, junk, 'junk.xlsx'), 400, SHEET_MESSAGES.contentMismatch('xlsx'));
    const xlsx = await xlsxOf([HEADER, ['問', 'a', 'b', '', '', 'A', '']]);
    expectRefused(
      await importFile(client, xlsx, 'really-xlsx.csv'),
      400,
      SHEET_MESSAGES.contentMismatch('csv'),
    );
    expectRefused(
      await importFile(client, csvOf([HEADER]), 'really-csv.xlsx'),
      400,
      SHEET_MESSAGES.contentMismatch('xlsx'),
    );
    expect((await importFile(client, Buffer.alloc(1024 * 1024 + 1, 0x61), 'big.csv')).status).toBe(413);
  });
});

describe('import of an upload', () => {
  async function upload(client: TestClient, file: Buffer, fileName: string) {
    const ticketResponse = await client.request('POST', '/api/ai/uploads', {
      json: { fileName, size: file.length },
    });
    expect(ticketResponse.status, ticketResponse.text).toBe(201);
    const ticket = ticketResponse.json as unknown as UploadTicket;
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file)]), fileName);
    expect((await fetch(ticket.url, { method: 'POST', body: form })).status).toBe(204);
    return ticket;
  }

  it('takes a .csv or .xlsx uploaded with the AI tab’s form (1 MB, own prefix), once', async () => {
    const { client, user } = await member(gateway);
    const ticket = await upload(
      client,
      await xlsxOf([HEADER, ['問', 'あ', 'い', '', '', 'B', '']]),
      'シート.xlsx',
    );
    expect(ticket).toMatchObject({ kind: 'sheet', maxBytes: 1024 * 1024 });
    expect(ticket.key.startsWith(`uploads/${user.id}/`)).toBe(true);
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 1024 * 1024]);

    const { client: other } = await member(gateway);
    expect(
      (await other.request('POST', '/api/quizzes/import', { json: { fileKey: ticket.key } })).status,
    ).toBe(404);
    const imported = await client.request('POST', '/api/quizzes/import', { json: { fileKey: ticket.key } });
    expect(imported.status, imported.text).toBe(200);
    expect(result(imported).questions).toEqual([
      expect.objectContaining({ questionText: '問', correctAnswer: 'B' }),
    ]);
    expect(
      (await client.request('POST', '/api/quizzes/import', { json: { fileKey: ticket.key } })).status,
    ).toBe(404);

    const csv = await upload(client, csvOf([HEADER, ['問2', 'あ', 'い', '', '', '2', '']]), 'a.csv');
    expect(
      result(await client.request('POST', '/api/quizzes/import', { json: { fileKey: csv.key } })).questions,
    ).toHaveLength(1);
    const tooBig = await client.request('POST', '/api/ai/uploads', {
      json: { fileName: 'big.csv', size: 1024 * 1024 + 1 },
    });
    expectRefused(tooBig, 413, SHEET_MESSAGES.fileTooLarge);
  });
});

describe('import rate limit', () => {
  it(`lets a member run ${20} imports a minute: 30 at once are answered 200 or 429, never 5xx`, async () => {
    const { client } = await member(gateway);
    const file = csvOf([HEADER, ['問', 'あ', 'い', '', '', 'A', '']]);
    const responses = await Promise.all(Array.from({ length: 30 }, () => importFile(client, file, 'a.csv')));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    for (const response of responses.filter(({ status }) => status === 429))
      expect(response.json.message).toBe(SHEET_MESSAGES.tooFast);
  });
});
