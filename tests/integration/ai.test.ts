import { member } from '../support/actors';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { AI_MESSAGES, type AiUsageLimit, type GeneratedQuiz, type UploadTicket } from '@shared/ai';
import { AiHistoryKeys, AiUsageKeys } from '@functions/ai/usage-keys';
import { db } from '@functions/data/db';
import { queryAll } from '@functions/data/paginate';
import { s3 } from '@functions/lib/aws-clients';
import { getConfig } from '@functions/lib/config';
import { japanDate } from '@functions/lib/japan-time';
import { makeDocx, makeImageOnlyPdf, makeTextPdf } from '../support/documents';
import { startTestGateway } from '../support/gateway';
import { TestClient } from '../support/http-client';

/**
 * AI generation through the gateway with the offline generator (no Bedrock model configured):
 * daily limits and their atomicity, validation, PDF / Word extraction, and presigned uploads.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  delete process.env.BEDROCK_MODEL_ID;
  gateway = await startTestGateway();
});
afterAll(() => gateway.stop());

const MEIJI = [
  '明治維新は、1868年に江戸幕府が倒れて明治政府が成立した一連の改革である。',
  '西郷隆盛や大久保利通、木戸孝允が中心となった。',
  '1871年には廃藩置県により藩は廃止され、府県が置かれた。',
  '1889年には大日本帝国憲法が発布され、翌1890年に帝国議会が開かれた。',
  '東京は新しい首都となり、京都から天皇が移った。',
];
const MEIJI_TEXT = MEIJI.join('');

/** An English handout about the solar system; on a PDF page its lines wrap at 40 characters (12 pt, full-width glyphs). */
const SOLAR_SYSTEM = [
  'The Solar System formed about 4.6 billion years ago from the gravitational collapse of a giant molecular cloud.',
  'The Sun is a yellow dwarf star that holds about 99.86 percent of the total mass of the Solar System.',
  'Mercury is the closest planet to the Sun and completes one orbit every 88 days.',
  'Venus is the hottest planet, with a surface temperature of about 465 degrees Celsius.',
  'Earth is the only planet known to support life, and it orbits the Sun once every 365 days.',
  'Jupiter is the largest planet, and its Great Red Spot is a storm wider than Earth.',
  'Neptune was discovered in 1846 by Johann Galle, using predictions made by Urbain Le Verrier.',
  'Pluto was discovered in 1930 by Clyde Tombaugh and was reclassified as a dwarf planet in 2006.',
].join(' ');
const wrapLines = (text: string, width = 40) =>
  text.split(' ').reduce<string[]>((lines, word) => {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + word.length < width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
    return lines;
  }, []);

const usage = async (client: TestClient) =>
  (await client.get('/api/ai/usage-limit')).json as unknown as AiUsageLimit;

const textBody = (overrides: Record<string, unknown> = {}) => ({
  numQuestions: 3,
  difficulty: '中級',
  category: '歴史',
  text: MEIJI_TEXT,
  ...overrides,
});

/**
 * Every question: four distinct options, the correct one written in the source, asked with a blank
 * in a sentence of the source or as a question rewritten from one (which its explanation quotes).
 */
function expectAnswerableFrom(quiz: GeneratedQuiz, source: string) {
  expect(quiz.questions.length).toBeGreaterThan(0);
  for (const question of quiz.questions) {
    const options = Object.values(question.options);
    expect(new Set(options).size).toBe(4);
    const correct = question.options[question.correctAnswer.toLowerCase() as 'a' | 'b' | 'c' | 'd'];
    expect(source).toContain(correct);
    if (!question.text.includes('（　　　）')) {
      expect(question.text).toMatch(/か。$/);
      expect(source).toContain(/本文には「(.+?)」とあります。/.exec(question.explanation)![1]!);
    }
  }
}

function multipart(
  part: 'pdf' | 'word',
  file: Buffer,
  fileName: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    numQuestions: '2',
    difficulty: '初級',
    category: '歴史',
    ...fields,
  }))
    form.append(name, value);
  form.append(part, new Blob([new Uint8Array(file)]), fileName);
  return form;
}

describe('usage limit', () => {
  it('is for members only: 3 a day for free members, 200 for advanced, reset at the next 00:00 in Japan', async () => {
    const guest = new TestClient(gateway.url);
    expect((await guest.get('/api/ai/usage-limit')).status).toBe(401);

    const { client } = await member(gateway);
    const free = await usage(client);
    expect(free).toMatchObject({ canUse: true, remaining: 3, total: 3 });
    const reset = new Date(free.resetAt);
    expect(reset.getTime()).toBeGreaterThan(Date.now());
    expect(reset.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    // 00:00 in Japan is 15:00 UTC.
    expect(reset.toISOString()).toMatch(/T15:00:00\.000Z$/);

    const { client: pro } = await member(gateway, { isPro: true });
    expect(await usage(pro)).toMatchObject({ canUse: true, remaining: 200, total: 200 });
  });

  it("counts only today's Japan day: yesterday's uses are gone", async () => {
    const { client, user } = await member(gateway);
    const yesterday = japanDate(new Date(Date.now() - 86_400_000));
    const counter = { userId: user.id, day: yesterday };
    await db.put({ Item: { ...AiUsageKeys.key(counter), used: 3, ...AiUsageKeys.owner(counter) } });
    expect(await usage(client)).toMatchObject({ canUse: true, remaining: 3 });
  });
});

describe('generate from text (offline generator)', () => {
  it('makes questions from the text (blanks, or questions rewritten from its sentences), uses one generation and records it', async () => {
    const { client, user } = await member(gateway);
    const response = await client.request('POST', '/api/ai/generate-quiz-from-text', { json: textBody() });
    expect(response.status).toBe(200);
    const quiz = response.json as unknown as GeneratedQuiz;
    expect(quiz.provider).toBe('offline');
    expect(quiz.title).toContain('明治維新');
    expect(quiz.questions).toHaveLength(3);
    expectAnswerableFrom(quiz, MEIJI_TEXT);
    for (const question of quiz.questions) expect(question.explanation).toMatch(/^正解は「.+」です。/);

    // The same input gives the same quiz.
    const again = await client.request('POST', '/api/ai/generate-quiz-from-text', { json: textBody() });
    expect(again.json).toEqual(response.json);

    expect(await usage(client)).toMatchObject({ canUse: true, remaining: 1, total: 3 });
    const history = await queryAll({
      partition: AiHistoryKeys.pk({ userId: user.id }),
      beginsWith: AiHistoryKeys.skPrefix(),
    });
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      userId: user.id,
      usageType: 'text',
      date: japanDate(new Date()),
    });
  });

  it('refuses bad settings with the spec messages and uses nothing', async () => {
    const { client } = await member(gateway);
    const cases: [Record<string, unknown>, string][] = [
      [{ text: '　短い文章です。　' }, AI_MESSAGES.textTooShort],
      [{ text: undefined }, AI_MESSAGES.textTooShort],
      [{ numQuestions: 21 }, AI_MESSAGES.numQuestionsRange],
      [{ numQuestions: 0 }, AI_MESSAGES.numQuestionsRange],
      [{ category: ' ' }, AI_MESSAGES.categoryRequired],
      [{ category: '地'.repeat(101) }, AI_MESSAGES.categoryTooLong],
      // JSON numbers only: nothing is read as a number that is not one.
      [{ numQuestions: true }, AI_MESSAGES.numQuestionsRange],
      [{ numQuestions: [2] }, AI_MESSAGES.numQuestionsRange],
      [{ numQuestions: '2' }, AI_MESSAGES.numQuestionsRange],
      [{ numQuestions: 2.5 }, AI_MESSAGES.numQuestionsRange],
    ];
    for (const [overrides, message] of cases) {
      const response = await client.request('POST', '/api/ai/generate-quiz-from-text', {
        json: textBody(overrides),
      });
      expect(response.status, message).toBe(400);
      expect(response.json.message).toBe(message);
    }
    const wrongDifficulty = await client.request('POST', '/api/ai/generate-quiz-from-text', {
      json: textBody({ difficulty: '超級' }),
    });
    expect(wrongDifficulty.status).toBe(400);
    expect(await usage(client)).toMatchObject({ remaining: 3 });
  });

  it('gives a clear error for text it cannot ask about, without using a generation', async () => {
    const { client } = await member(gateway);
    const response = await client.request('POST', '/api/ai/generate-quiz-from-text', {
      json: textBody({ text: 'あいうえお、かきくけこ。さしすせそ、たちつてと。' }),
    });
    expect(response.status).toBe(422);
    expect(response.json.message).toBe(AI_MESSAGES.notEnoughMaterial);
    expect(await usage(client)).toMatchObject({ remaining: 3 });
  });

  it('answers 50,000 characters of one letter with a clear error, uses nothing, and keeps serving', async () => {
    // Before: one such request from a free member grew the heap to gigabytes and killed the process.
    const { client } = await member(gateway);
    for (const text of ['A'.repeat(50_000), '1234567890'.repeat(5_000)]) {
      const response = await client.request('POST', '/api/ai/generate-quiz-from-text', {
        json: textBody({ text, numQuestions: 20 }),
      });
      expect(response.status).toBe(422);
      expect(response.json.message).toBe(AI_MESSAGES.notEnoughMaterial);
    }
    expect(await usage(client)).toMatchObject({ remaining: 3 });
    const next = await client.request('POST', '/api/ai/generate-quiz-from-text', { json: textBody() });
    expect(next.status).toBe(200);
    expectAnswerableFrom(next.json as unknown as GeneratedQuiz, MEIJI_TEXT);
  });

  it('makes questions from English material', async () => {
    const { client } = await member(gateway);
    const response = await client.request('POST', '/api/ai/generate-quiz-from-text', {
      json: textBody({ text: SOLAR_SYSTEM, numQuestions: 5, category: '理科' }),
    });
    expect(response.status).toBe(200);
    const quiz = response.json as unknown as GeneratedQuiz;
    expect(quiz.questions).toHaveLength(5);
    expectAnswerableFrom(quiz, SOLAR_SYSTEM);
  });

  it('stops at the daily limit with the spec message', async () => {
    const { client } = await member(gateway);
    for (let i = 0; i < 3; i++)
      expect(
        (await client.request('POST', '/api/ai/generate-quiz-from-text', { json: textBody() })).status,
      ).toBe(200);
    const refused = await client.request('POST', '/api/ai/generate-quiz-from-text', { json: textBody() });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      message: '1日の使用制限（3回）に達しています。明日再度お試しください。',
      reason: 'ai_daily_limit',
    });
    expect(await usage(client)).toMatchObject({ canUse: false, remaining: 0, total: 3 });
  });

  it('never goes over the limit under concurrent requests', async () => {
    const { client, user } = await member(gateway);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.request('POST', '/api/ai/generate-quiz-from-text', { json: textBody({ numQuestions: 1 }) }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    const { Item } = await db.get({ Key: AiUsageKeys.key({ userId: user.id, day: japanDate(new Date()) }) });
    expect(Item?.used).toBe(3);
  });

  it('is refused to guests and to cross-site requests', async () => {
    const guest = new TestClient(gateway.url);
    await guest.get('/api/categories');
    expect(
      (await guest.request('POST', '/api/ai/generate-quiz-from-text', { json: textBody() })).status,
    ).toBe(401);
    const { client } = await member(gateway);
    const forged = new TestClient(gateway.url, { sendCsrf: false });
    for (const [name, value] of client.cookies) forged.cookies.set(name, value);
    expect(
      (await forged.request('POST', '/api/ai/generate-quiz-from-text', { json: textBody() })).status,
    ).toBe(403);
    expect(await usage(client)).toMatchObject({ remaining: 3 });
  });
});

describe('generate from files (multipart form)', () => {
  it('reads a real PDF and asks about its text', async () => {
    const { client } = await member(gateway);
    const response = await client.request('POST', '/api/ai/generate-quiz-from-pdf', {
      body: multipart('pdf', makeTextPdf(MEIJI), '明治維新.pdf'),
    });
    expect(response.status).toBe(200);
    const quiz = response.json as unknown as GeneratedQuiz;
    expect(quiz.questions).toHaveLength(2);
    expectAnswerableFrom(quiz, MEIJI_TEXT);
    expect(await usage(client)).toMatchObject({ remaining: 2 });
  });

  it('explains that an image-only PDF has no text, and uses nothing', async () => {
    const { client } = await member(gateway);
    const response = await client.request('POST', '/api/ai/generate-quiz-from-pdf', {
      body: multipart('pdf', makeImageOnlyPdf(), 'scan.pdf'),
    });
    expect(response.status).toBe(422);
    expect(response.json.message).toBe(AI_MESSAGES.pdfNoText);
    expect(await usage(client)).toMatchObject({ remaining: 3 });
  });

  it('reads an English PDF about the solar system, its lines wrapped, and asks about it', async () => {
    const { client } = await member(gateway);
    const response = await client.request('POST', '/api/ai/generate-quiz-from-pdf', {
      body: multipart('pdf', makeTextPdf(wrapLines(SOLAR_SYSTEM)), 'solar-system.pdf', {
        numQuestions: '5',
        category: '理科',
      }),
    });
    expect(response.status).toBe(200);
    const quiz = response.json as unknown as GeneratedQuiz;
    expect(quiz.questions).toHaveLength(5);
    expectAnswerableFrom(quiz, SOLAR_SYSTEM);
    // Lines wrapped on the page are joined with a space: every blanked sentence is one of the text's.
    for (const question of quiz.questions) {
      const answer = question.options[question.correctAnswer.toLowerCase() as 'a'];
      expect(SOLAR_SYSTEM).toContain(/「(.+)」$/s.exec(question.text)![1]!.replaceAll('（　　　）', answer));
    }
  });

  it('answers a small .docx holding 60 MB of one letter with a clear error, and uses nothing', async () => {
    const { client } = await member(gateway);
    const bomb = await makeDocx(['A'.repeat(60 * 1024 * 1024)]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const response = await client.request('POST', '/api/ai/generate-quiz-from-word', {
      body: multipart('word', bomb, 'a.docx', { numQuestions: '20' }),
    });
    expect(response.status).toBe(422);
    expect(response.json.message).toBe(AI_MESSAGES.notEnoughMaterial);
    expect(await usage(client)).toMatchObject({ remaining: 3 });
  });

  it('checks the type by content: a renamed image or a Word file is not a PDF', async () => {
    const { client } = await member(gateway);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const [bytes, name] of [
      [png, 'photo.pdf'],
      [await makeDocx(MEIJI), 'report.pdf'],
    ] as const) {
      const response = await client.request('POST', '/api/ai/generate-quiz-from-pdf', {
        body: multipart('pdf', bytes, name),
      });
      expect(response.status, name).toBe(400);
      expect(response.json.message).toBe(AI_MESSAGES.fileTypeNotAllowed);
    }
    const missing = await client.request('POST', '/api/ai/generate-quiz-from-pdf', {
      body: multipart('word', makeTextPdf(MEIJI), 'a.pdf'),
    });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe(AI_MESSAGES.fileRequired);
    // Form fields are text: the number of questions is read from digits only.
    const notANumber = await client.request('POST', '/api/ai/generate-quiz-from-pdf', {
      body: multipart('pdf', makeTextPdf(MEIJI), 'a.pdf', { numQuestions: '1e1' }),
    });
    expect(notANumber.status).toBe(400);
    expect(notANumber.json.message).toBe(AI_MESSAGES.numQuestionsRange);
    expect(await usage(client)).toMatchObject({ remaining: 3 });
  });

  it('takes the named file part when another file part comes first', async () => {
    const { client } = await member(gateway);
    const form = new FormData();
    form.append('numQuestions', '2');
    form.append('category', '歴史');
    form.append('cover', new Blob(['表紙']), 'cover.txt');
    form.append('pdf', new Blob([new Uint8Array(makeTextPdf(MEIJI))]), '明治維新.pdf');
    const response = await client.request('POST', '/api/ai/generate-quiz-from-pdf', { body: form });
    expect(response.status).toBe(200);
    expectAnswerableFrom(response.json as unknown as GeneratedQuiz, MEIJI_TEXT);
  });

  it('reads a real .docx and .doc; refuses a zip that is not a Word document and a damaged .doc', async () => {
    const { client } = await member(gateway);
    const docx = await client.request('POST', '/api/ai/generate-quiz-from-word', {
      body: multipart('word', await makeDocx(MEIJI), '明治維新.docx', { numQuestions: '3' }),
    });
    expect(docx.status).toBe(200);
    expectAnswerableFrom(docx.json as unknown as GeneratedQuiz, MEIJI_TEXT);

    const { default: JSZip } = await import('jszip');
    const zip = new JSZip();
    zip.file('notes.txt', MEIJI_TEXT);
    const notWord = await client.request('POST', '/api/ai/generate-quiz-from-word', {
      body: multipart('word', await zip.generateAsync({ type: 'nodebuffer' }), 'notes.docx'),
    });
    expect(notWord.status).toBe(400);
    expect(notWord.json.message).toBe(AI_MESSAGES.fileTypeNotAllowed);

    // A legacy Word 97 file (saved by LibreOffice).
    const legacy = await client.request('POST', '/api/ai/generate-quiz-from-word', {
      body: multipart(
        'word',
        readFileSync(new URL('../support/fixtures/sengoku.doc', import.meta.url)),
        '戦国時代.doc',
        { numQuestions: '3' },
      ),
    });
    expect(legacy.status).toBe(200);
    expectAnswerableFrom(
      legacy.json as unknown as GeneratedQuiz,
      '1560年の桶狭間の戦いで、織田信長は今川義元を破った。1575年の長篠の戦いでは、織田・徳川連合軍が武田勝頼の騎馬隊を鉄砲で退けた。1582年、明智光秀が本能寺で信長を討った。その後、豊臣秀吉が1590年に全国を統一し、1600年の関ヶ原の戦いを経て徳川家康が江戸幕府を開いた。',
    );

    const fakeDoc = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600, 7)]);
    const damaged = await client.request('POST', '/api/ai/generate-quiz-from-word', {
      body: multipart('word', fakeDoc, 'old.doc'),
    });
    expect(damaged.status).toBe(422);
    expect(damaged.json.message).toBe(AI_MESSAGES.fileDamaged);
    expect(await usage(client)).toMatchObject({ remaining: 1 });
  });
});

describe('presigned uploads', () => {
  async function upload(client: TestClient, file: Buffer, fileName: string) {
    const ticketResponse = await client.request('POST', '/api/ai/uploads', {
      json: { fileName, size: file.length },
    });
    expect(ticketResponse.status).toBe(201);
    const ticket = ticketResponse.json as unknown as UploadTicket;
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file)]), fileName);
    const stored = await fetch(ticket.url, { method: 'POST', body: form });
    expect(stored.status).toBe(204);
    return ticket;
  }

  it('takes a file uploaded to S3 by key, under the member’s own prefix, once', async () => {
    const { client, user } = await member(gateway);
    const ticket = await upload(client, makeTextPdf(MEIJI), '明治維新.pdf');
    expect(ticket.key.startsWith(`uploads/${user.id}/`)).toBe(true);
    expect(ticket).toMatchObject({ kind: 'pdf', maxBytes: 10 * 1024 * 1024 });
    // The signed policy S3 enforces (the local emulator does not): this key only, 1 byte to 10 MB, 5 minutes.
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 10 * 1024 * 1024]);
    expect(policy.conditions).toContainEqual({ key: ticket.key });
    expect(policy.conditions).toContainEqual({ bucket: getConfig().materialsBucket });
    const expiresIn = Date.parse(policy.expiration) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);

    // Another member cannot use it.
    const { client: other } = await member(gateway);
    const stolen = await other.request('POST', '/api/ai/generate-quiz-from-pdf', {
      json: { numQuestions: 2, difficulty: '中級', category: '歴史', fileKey: ticket.key },
    });
    expect(stolen.status).toBe(404);

    const response = await client.request('POST', '/api/ai/generate-quiz-from-pdf', {
      json: { numQuestions: 2, difficulty: '中級', category: '歴史', fileKey: ticket.key },
    });
    expect(response.status).toBe(200);
    expectAnswerableFrom(response.json as unknown as GeneratedQuiz, MEIJI_TEXT);

    // The file is deleted after use.
    await expect(
      s3().send(new HeadObjectCommand({ Bucket: getConfig().materialsBucket, Key: ticket.key })),
    ).rejects.toThrow();
    const reused = await client.request('POST', '/api/ai/generate-quiz-from-pdf', {
      json: { numQuestions: 2, difficulty: '中級', category: '歴史', fileKey: ticket.key },
    });
    expect(reused.status).toBe(404);
    expect(reused.json.message).toBe(AI_MESSAGES.uploadMissing);
  });

  it('is stored only as the signed policy allows: this key, 1 byte to 10 MB, unaltered', async () => {
    const { client } = await member(gateway);
    const { user: other } = await member(gateway);
    const ticketFor = async (size: number) =>
      (await client.request('POST', '/api/ai/uploads', { json: { fileName: 'a.pdf', size } }))
        .json as unknown as UploadTicket;
    const post = (ticket: UploadTicket, file: Buffer, overrides: Record<string, string> = {}) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...ticket.fields, ...overrides }))
        form.append(name, value);
      form.append('file', new Blob([new Uint8Array(file)]), 'a.pdf');
      return fetch(ticket.url, { method: 'POST', body: form });
    };
    const pdf = makeTextPdf(MEIJI);
    const tooLarge = await post(await ticketFor(1000), Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain('EntityTooLarge');
    const ticket = await ticketFor(pdf.length);
    const elsewhere = await post(ticket, pdf, { key: `uploads/${other.id}/planted.pdf` });
    expect(elsewhere.status).toBe(403);
    const forged = await post(ticket, pdf, { 'X-Amz-Signature': '0'.repeat(64) });
    expect(forged.status).toBe(403);
    const extraField = await post(ticket, pdf, { 'Content-Type': 'text/html' });
    expect(extraField.status).toBe(403);
    // The bucket is private: nothing can be listed or read without signing.
    expect((await fetch(ticket.url)).status).toBe(403);
    expect((await fetch(`${ticket.url}/${ticket.key}`)).status).toBe(403);
    expect((await post(ticket, pdf)).status).toBe(204);
  });

  it('sends a Word upload to the Word call and refuses other files before any upload', async () => {
    const { client } = await member(gateway);
    const ticket = await upload(client, await makeDocx(MEIJI), 'メモ.docx');
    expect(ticket.kind).toBe('word');
    // Named at the PDF call, the Word upload is refused without being read, and stays for the Word call.
    const wrongCall = await client.request('POST', '/api/ai/generate-quiz-from-pdf', {
      json: { numQuestions: 1, difficulty: '上級', category: '歴史', fileKey: ticket.key },
    });
    expect(wrongCall.status).toBe(400);
    expect(wrongCall.json.message).toBe(AI_MESSAGES.fileTypeNotAllowed);
    const noKey = await client.request('POST', '/api/ai/generate-quiz-from-word', {
      json: { numQuestions: 1, difficulty: '上級', category: '歴史' },
    });
    expect(noKey.status).toBe(400);
    expect(noKey.json.message).toBe(AI_MESSAGES.fileRequired);
    const response = await client.request('POST', '/api/ai/generate-quiz-from-word', {
      json: { numQuestions: 1, difficulty: '上級', category: '歴史', fileKey: ticket.key },
    });
    expect(response.status).toBe(200);

    const text = await client.request('POST', '/api/ai/uploads', {
      json: { fileName: 'notes.txt', size: 100 },
    });
    expect(text.status).toBe(400);
    expect(text.json.message).toBe(AI_MESSAGES.fileTypeNotAllowed);
    const huge = await client.request('POST', '/api/ai/uploads', {
      json: { fileName: 'book.pdf', size: 10 * 1024 * 1024 + 1 },
    });
    expect(huge.status).toBe(400);
    expect(huge.json.message).toBe(AI_MESSAGES.fileTooLarge);
    const guest = new TestClient(gateway.url);
    await guest.get('/api/categories');
    expect(
      (await guest.request('POST', '/api/ai/uploads', { json: { fileName: 'a.pdf', size: 10 } })).status,
    ).toBe(401);
  });

  it('is refused when no generation is left today, and a named upload is kept for later', async () => {
    const { client, user } = await member(gateway);
    const ticket = await upload(client, makeTextPdf(MEIJI), '明治維新.pdf');
    await db.put({
      Item: { ...AiUsageKeys.key({ userId: user.id, day: japanDate(new Date()) }), used: 3 },
    });
    const refused = await client.request('POST', '/api/ai/uploads', {
      json: { fileName: 'more.pdf', size: 1000 },
    });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe('1日の使用制限（3回）に達しています。明日再度お試しください。');
    const atLimit = await client.request('POST', '/api/ai/generate-quiz-from-pdf', {
      json: { numQuestions: 2, difficulty: '中級', category: '歴史', fileKey: ticket.key },
    });
    expect(atLimit.status).toBe(429);
    await expect(
      s3().send(new HeadObjectCommand({ Bucket: getConfig().materialsBucket, Key: ticket.key })),
    ).resolves.toMatchObject({ ContentLength: makeTextPdf(MEIJI).length });
  });
});

describe('attempts', () => {
  it('are limited per minute, failed ones included, so failures cannot be sent without end', async () => {
    const { client } = await member(gateway, { isPro: true });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await client.request('POST', '/api/ai/generate-quiz-from-text', {
        json: textBody({ text: 'あああああああああああああ' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await usage(client)).toMatchObject({ remaining: 200 });
  });

  it('stop a planted upload key from another member’s prefix or outside uploads/', async () => {
    const { client, user } = await member(gateway);
    const { user: other } = await member(gateway);
    const bucket = getConfig().materialsBucket;
    for (const key of [
      `uploads/${other.id}/x.pdf`,
      `web/${user.id}.pdf`,
      `uploads/${user.id}/../${other.id}/x.pdf`,
    ]) {
      await s3().send(
        new PutObjectCommand({ Bucket: bucket, Key: key.replace('/../', '/'), Body: makeTextPdf(MEIJI) }),
      );
      const response = await client.request('POST', '/api/ai/generate-quiz-from-pdf', {
        json: { numQuestions: 1, difficulty: '中級', category: '歴史', fileKey: key },
      });
      expect(response.status, key).toBe(404);
    }
    expect(await usage(client)).toMatchObject({ remaining: 3 });
  });
});
