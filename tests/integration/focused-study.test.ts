import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { AI_MESSAGES, type AiUsageLimit, type UploadTicket } from '@shared/ai';
import {
  FOCUSED_STUDY_MESSAGES,
  type SavedQuestionSet,
  type RunResult,
  type StudyMaterial,
  type StudyQuestion,
  type StudyRun,
  type UnfinishedRun,
} from '@shared/focused-study';
import { MESSAGES } from '@shared/messages';
import { AiHistoryKeys, AiUsageKeys } from '@functions/ai/usage-keys';
import { db } from '@functions/data/db';
import { queryAll } from '@functions/data/paginate';
import { s3 } from '@functions/lib/aws-clients';
import { getConfig } from '@functions/lib/config';
import { japanDate } from '@functions/lib/japan-time';
import { WrongAnswerKeys } from '@functions/learning/learning-keys';
import { startSession } from '@functions/sessions/session';
import { japanDayAfter } from '@functions/learning/review-policy';
import { httpRoutes } from '@functions/routes';
import { UserKeys } from '@functions/users/user-keys';
import { seed } from '../../scripts/seed';
import { member } from '../support/actors';
import { makeDocx, makeImageOnlyPdf, makeTextPdf } from '../support/documents';
import { startTestGateway } from '../support/gateway';
import { TestClient } from '../support/http-client';
import { HISTORY_NOTES } from '../support/study-material';

/**
 * Focused study through the gateway against DynamoDB Local and s3rver, with the offline
 * generator: who may call it, materials, settings, sessions and the checking rules, saved sets,
 * and the review queue (SM-2) fed by focused study and by quiz play.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  delete process.env.BEDROCK_MODEL_ID;
  await seed();
  gateway = await startTestGateway();
});
afterAll(() => gateway.stop());

const MATERIAL = HISTORY_NOTES.join('\n');

const pro = () => member(gateway, { isPro: true });
const json = <T>(response: { json: unknown }) => response.json as T;

async function addText(client: TestClient, text = MATERIAL) {
  const response = await client.request('POST', '/api/focused-study/add-text', { json: { text } });
  expect(response.status, response.text).toBe(201);
  return json<{ materials: StudyMaterial[] }>(response).materials[0]!;
}

async function start(
  client: TestClient,
  path = '/api/focused-study/start-session',
  body: { replacing?: string } = {},
) {
  const response = await client.request('POST', path, { json: body });
  expect(response.status, response.text).toBe(201);
  return json<StudyRun>(response);
}

const complete = (client: TestClient, body: Record<string, unknown>) =>
  client.request('POST', '/api/focused-study/complete-session', { json: body });

const usage = async (client: TestClient) => json<AiUsageLimit>(await client.get('/api/ai/usage-limit'));

const saveProgress = (client: TestClient, sessionId: string, body: Record<string, unknown>) =>
  client.request('PUT', `/api/focused-study/sessions/${sessionId}/progress`, { json: body });

const unfinished = async (client: TestClient) =>
  json<UnfinishedRun | null>(await client.get('/api/focused-study/unfinished-session'));

/** The same member signed in on another browser (a second session of their own). */
async function anotherDevice(userId: string) {
  const client = new TestClient(gateway.url);
  await client.get('/api/categories');
  const { cookies } = await startSession(userId);
  for (const cookie of cookies) {
    const [pair] = cookie.split(';');
    const [name, value] = pair!.split('=') as [string, string];
    client.cookies.set(name, value);
  }
  return client;
}

/** The right answer of a question, or a wrong one of the right shape. */
const answerOf = (question: StudyQuestion, right: boolean) => {
  if (right) return question.correctAnswer;
  const keys = Object.keys(question.options);
  if (question.type === 'multiple_choice') return keys.find((key) => key !== question.correctAnswer)!;
  if (question.type === 'sort_order') return [...question.correctAnswer].reverse();
  return keys.filter((key) => !question.correctAnswer.includes(key as never));
};

const reviewItems = (userId: string) =>
  queryAll<Record<string, unknown>>({
    partition: UserKeys.pk({ userId }),
    beginsWith: WrongAnswerKeys.skPrefix(),
  });

/** Time passes for the member's review queue: every scheduled review becomes due today. */
async function makeReviewsDue(userId: string) {
  const today = japanDate(new Date());
  for (const item of await reviewItems(userId)) {
    await db.update({
      Key: { pk: item.pk as string, sk: item.sk as string },
      UpdateExpression: 'SET nextReviewDate = :due, gsi1sk = :sk',
      ExpressionAttributeValues: {
        ':due': today,
        ':sk': `${today}#${item.quizId as string}#${item.questionId as string}`,
      },
    });
  }
}

describe('who may study', () => {
  const studyRoutes = httpRoutes
    .map(({ contract }) => contract)
    .filter((route) => route.path.startsWith('/api/focused-study/'));

  it('is for advanced members: guests get 401, free members 403 with a Japanese message, on every call', async () => {
    expect(studyRoutes.length).toBe(23);
    const guest = new TestClient(gateway.url);
    await guest.get('/api/categories');
    const { client: free } = await member(gateway);
    for (const route of studyRoutes) {
      const path = route.path.replace(/\{[^}]+\}/g, 'x');
      const body = ['GET', 'DELETE'].includes(route.method) ? {} : { json: {} };
      const asGuest = await guest.request(route.method, path, body);
      expect(asGuest.status, `${route.method} ${route.path}`).toBe(401);
      const asFree = await free.request(route.method, path, body);
      expect(asFree.status, `${route.method} ${route.path}`).toBe(403);
      expect(asFree.json.message).toBe(MESSAGES.membershipRequired);
    }
  });

  it('keeps every member to their own materials, sessions and sets', async () => {
    const owner = await pro();
    const other = await pro();
    const material = await addText(owner.client);
    const session = await start(owner.client);
    const saved = await owner.client.request('POST', '/api/focused-study/save-question-set', {
      json: { title: 'わたしのセット', questions: session.questions },
    });
    const setId = json<SavedQuestionSet>(saved).id;

    expect(json<StudyMaterial[]>(await other.client.get('/api/focused-study/pdfs'))).toEqual([]);
    expect(
      json<SavedQuestionSet[]>(await other.client.get('/api/focused-study/saved-question-sets')),
    ).toEqual([]);
    const attempts = [
      await other.client.request('DELETE', `/api/focused-study/pdfs/${material.id}`),
      await complete(other.client, { sessionId: session.id, answers: {} }),
      await saveProgress(other.client, session.id, { answers: {}, currentQuestionIndex: 1 }),
      await other.client.request('DELETE', `/api/focused-study/sessions/${session.id}`),
      await other.client.request('PUT', `/api/focused-study/saved-question-sets/${setId}`, {
        json: { title: '乗っ取り' },
      }),
      await other.client.request('DELETE', `/api/focused-study/saved-question-sets/${setId}`),
      await other.client.request('PUT', `/api/focused-study/saved-question-sets/${setId}/favorite`, {
        json: {},
      }),
      await other.client.request('POST', `/api/focused-study/start-saved-session/${setId}`),
      await other.client.request(
        'PUT',
        `/api/focused-study/saved-question-sets/${setId}/questions/${session.questions[0]!.id}`,
        { json: { text: '書き換え', options: session.questions[0]!.options } },
      ),
    ];
    for (const response of attempts) expect(response.status, response.text).toBe(404);
    expect(await unfinished(other.client)).toBeNull();
    // The owner's things are untouched.
    expect(json<StudyMaterial[]>(await owner.client.get('/api/focused-study/pdfs'))).toHaveLength(1);
    const sets = json<SavedQuestionSet[]>(await owner.client.get('/api/focused-study/saved-question-sets'));
    expect(sets[0]).toMatchObject({ title: 'わたしのセット', playCount: 0, isFavorite: false });
    expect(await unfinished(owner.client)).toMatchObject({ id: session.id, currentQuestionIndex: 0 });
    expect((await complete(owner.client, { sessionId: session.id, answers: {} })).status).toBe(200);
  });
});

describe('settings', () => {
  it('start with the defaults (10 questions, 中級, all three types) and change only what is sent', async () => {
    const { client } = await pro();
    expect(json(await client.get('/api/focused-study/settings'))).toEqual({
      dailyQuestionCount: 10,
      difficulty: '中級',
      questionTypes: ['multiple_choice', 'multiple_select', 'sort_order'],
    });
    const changed = await client.request('PUT', '/api/focused-study/settings', {
      json: { dailyQuestionCount: 5 },
    });
    expect(changed.json).toEqual({
      dailyQuestionCount: 5,
      difficulty: '中級',
      questionTypes: ['multiple_choice', 'multiple_select', 'sort_order'],
    });
    await client.request('PUT', '/api/focused-study/settings', {
      json: { difficulty: '上級', questionTypes: ['sort_order', 'multiple_choice'] },
    });
    expect(json(await client.get('/api/focused-study/settings'))).toEqual({
      dailyQuestionCount: 5,
      difficulty: '上級',
      questionTypes: ['multiple_choice', 'sort_order'],
    });
  });

  it('refuses values outside the choices and changes nothing', async () => {
    const { client } = await pro();
    const cases: [Record<string, unknown>, string | null][] = [
      [{ dailyQuestionCount: 7 }, null],
      [{ dailyQuestionCount: '10' }, null],
      [{ difficulty: '超級' }, null],
      [{ questionTypes: [] }, '問題形式を1つ以上選んでください'],
      [{ questionTypes: ['essay'] }, FOCUSED_STUDY_MESSAGES.unknownQuestionType],
    ];
    for (const [body, message] of cases) {
      const response = await client.request('PUT', '/api/focused-study/settings', { json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      if (message) expect(response.json.message).toBe(message);
    }
    expect(json(await client.get('/api/focused-study/settings'))).toMatchObject({ dailyQuestionCount: 10 });
  });
});

describe('materials', () => {
  it('adds text of at least 10 characters after trimming, with the spec message otherwise', async () => {
    const { client } = await pro();
    for (const text of ['　短すぎる文章。　', '          ', undefined]) {
      const response = await client.request('POST', '/api/focused-study/add-text', { json: { text } });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe('最低10文字のテキストを入力してください');
    }
    const material = await addText(client);
    expect(material).toMatchObject({ kind: 'text', size: Buffer.byteLength(MATERIAL) });
    expect(material.name).toMatch(/^1560年の桶狭間の戦いで/);
    expect(json<StudyMaterial[]>(await client.get('/api/focused-study/pdfs'))).toEqual([material]);
  });

  it('takes PDF and Word files in the repeated field pdfs, and refuses the whole upload for one bad file', async () => {
    const { client } = await pro();
    const form = new FormData();
    form.append('pdfs', new Blob([new Uint8Array(makeTextPdf(MATERIAL.split('\n')))]), '戦国と明治.pdf');
    form.append('pdfs', new Blob([new Uint8Array(await makeDocx(MATERIAL.split('\n')))]), 'ノート.docx');
    const added = await client.request('POST', '/api/focused-study/upload-pdf', { body: form });
    expect(added.status, added.text).toBe(201);
    const materials = json<{ materials: StudyMaterial[] }>(added).materials;
    expect(materials.map((material) => [material.name, material.kind]).sort()).toEqual([
      ['ノート.docx', 'word'],
      ['戦国と明治.pdf', 'pdf'],
    ]);

    const scanned = new FormData();
    scanned.append(
      'pdfs',
      new Blob([new Uint8Array(makeTextPdf(['正しいPDFです。十分な長さの本文。']))]),
      'ok.pdf',
    );
    scanned.append('pdfs', new Blob([new Uint8Array(makeImageOnlyPdf())]), 'スキャン.pdf');
    const refused = await client.request('POST', '/api/focused-study/upload-pdf', { body: scanned });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe(`「スキャン.pdf」: ${AI_MESSAGES.pdfNoText}`);

    const text = new FormData();
    text.append('pdfs', new Blob(['ただのテキストファイルです。']), 'memo.pdf');
    const notPdf = await client.request('POST', '/api/focused-study/upload-pdf', { body: text });
    expect(notPdf.status).toBe(400);
    expect(notPdf.json.message).toBe(`「memo.pdf」: ${AI_MESSAGES.fileTypeNotAllowed}`);

    const tooMany = new FormData();
    for (let i = 0; i < 6; i++)
      tooMany.append('pdfs', new Blob([new Uint8Array(makeTextPdf(['本文です。']))]), `${i}.pdf`);
    const refusedMany = await client.request('POST', '/api/focused-study/upload-pdf', { body: tooMany });
    expect(refusedMany.status).toBe(400);
    expect(refusedMany.json.message).toBe(FOCUSED_STUDY_MESSAGES.tooManyFiles);

    expect(json<StudyMaterial[]>(await client.get('/api/focused-study/pdfs'))).toHaveLength(2);
  });

  it('takes files uploaded by presigned POST, reads each once and does not keep it', async () => {
    const { client, user } = await pro();
    const ticketResponse = await client.request('POST', '/api/focused-study/uploads', {
      json: { fileName: '資料.pdf', size: 2000 },
    });
    expect(ticketResponse.status).toBe(201);
    const ticket = json<UploadTicket>(ticketResponse);
    expect(ticket.key.startsWith(`uploads/${user.id}/`)).toBe(true);
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(makeTextPdf(MATERIAL.split('\n')))]));
    expect((await fetch(ticket.url, { method: 'POST', body: form })).status).toBeLessThan(300);

    // Another member cannot name it.
    const other = await pro();
    const stolen = await other.client.request('POST', '/api/focused-study/upload-pdf', {
      json: { fileKeys: [ticket.key] },
    });
    expect(stolen.status).toBe(404);

    const added = await client.request('POST', '/api/focused-study/upload-pdf', {
      json: { fileKeys: [ticket.key], fileNames: ['資料.pdf'] },
    });
    expect(added.status, added.text).toBe(201);
    expect(json<{ materials: StudyMaterial[] }>(added).materials[0]).toMatchObject({
      name: '資料.pdf',
      kind: 'pdf',
    });
    await expect(
      s3().send(new HeadObjectCommand({ Bucket: getConfig().materialsBucket, Key: ticket.key })),
    ).rejects.toThrow();
    const again = await client.request('POST', '/api/focused-study/upload-pdf', {
      json: { fileKeys: [ticket.key] },
    });
    expect(again.status).toBe(404);
    expect(again.json.message).toBe(`「${ticket.key.split('/').at(-1)}」: ${AI_MESSAGES.uploadMissing}`);
  });

  it('deletes a material once, and keeps at most 20 under parallel adds', async () => {
    const { client } = await pro();
    const material = await addText(client);
    const deletions = await Promise.all(
      Array.from({ length: 10 }, () => client.request('DELETE', `/api/focused-study/pdfs/${material.id}`)),
    );
    expect(deletions.map((response) => response.status).sort()).toEqual([200, ...Array(9).fill(404)]);
    expect(json<StudyMaterial[]>(await client.get('/api/focused-study/pdfs'))).toEqual([]);

    const adds = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client.request('POST', '/api/focused-study/add-text', {
          json: { text: `教材その${i}。${MATERIAL}` },
        }),
      ),
    );
    const statuses = adds.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    for (const response of adds.filter((entry) => entry.status !== 201)) {
      expect(response.status).toBe(429);
      expect(response.json.message).toBe(FOCUSED_STUDY_MESSAGES.materialLimit);
    }
    expect(json<StudyMaterial[]>(await client.get('/api/focused-study/pdfs'))).toHaveLength(20);
  });
});

describe('sessions', () => {
  it('needs material, and then makes questions of all three types from it, using one AI generation', async () => {
    const { client } = await pro();
    const none = await client.request('POST', '/api/focused-study/start-session');
    expect(none.status).toBe(400);
    expect(none.json.message).toBe(FOCUSED_STUDY_MESSAGES.noMaterials);
    expect(await usage(client)).toMatchObject({ remaining: 200 });

    await addText(client);
    const session = await start(client);
    expect(session).toMatchObject({ currentQuestionIndex: 0 });
    expect(session.questions).toHaveLength(10);
    expect(new Set(session.questions.map((question) => question.type))).toEqual(
      new Set(['multiple_choice', 'multiple_select', 'sort_order']),
    );
    expect(new Set(session.questions.map((question) => question.id)).size).toBe(10);
    for (const question of session.questions) expect(question.explanation.length).toBeGreaterThan(0);
    expect(await usage(client)).toMatchObject({ remaining: 199 });

    // New questions in place of the unfinished session (「新しく始める」) are a second generation.
    const fresh = await start(client, '/api/focused-study/generate-new-questions', { replacing: session.id });
    expect(fresh.id).not.toBe(session.id);
    expect(await usage(client)).toMatchObject({ remaining: 198 });
  });

  it('stops at the daily AI limit with the spec message', async () => {
    const { client, user } = await pro();
    await addText(client);
    const counter = { userId: user.id, day: japanDate(new Date()) };
    await db.put({ Item: { ...AiUsageKeys.key(counter), used: 200, ...AiUsageKeys.owner(counter) } });
    const refused = await client.request('POST', '/api/focused-study/start-session');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      message: '1日の使用制限（200回）に達しています。明日再度お試しください。',
      reason: 'ai_daily_limit',
    });
  });

  it('checks answers on the server exactly as the spec says, for each type', async () => {
    const { client } = await pro();
    const questions: StudyQuestion[] = [
      {
        id: 'q1',
        type: 'multiple_choice',
        text: '本能寺で信長を討ったのは誰ですか。',
        options: { A: '明智光秀', B: '豊臣秀吉', C: '徳川家康', D: '今川義元' },
        correctAnswer: 'A',
        explanation: '本文に「明智光秀が本能寺で信長を討った」とあります。',
      },
      {
        id: 'q2',
        type: 'multiple_select',
        text: '正しいものをすべて選んでください。',
        options: { A: '甲', B: '乙', C: '丙', D: '丁' },
        correctAnswer: ['A', 'C'],
        explanation: '',
      },
      {
        id: 'q3',
        type: 'sort_order',
        text: '古い順に並べ替えてください。',
        options: { A: '明治維新', B: '桶狭間の戦い', C: '本能寺の変' },
        correctAnswer: ['B', 'C', 'A'],
        explanation: '',
      },
    ];
    const scored = async (answers: Record<string, unknown>) => {
      const response = await complete(client, { sessionId: `temp_${randomUUID()}`, answers, questions });
      expect(response.status, response.text).toBe(200);
      return json<RunResult>(response);
    };
    const allRight = await scored({ q1: 'A', q2: ['C', 'A'], q3: ['B', 'C', 'A'] });
    expect(allRight).toMatchObject({ score: 3, totalQuestions: 3, accuracy: 100 });
    expect(allRight.results).toEqual([
      { questionId: 'q1', isCorrect: true },
      { questionId: 'q2', isCorrect: true },
      { questionId: 'q3', isCorrect: true },
    ]);
    // Exact key; sorted lists (a missing or an extra key is wrong); exact order.
    const wrong = await scored({ q1: 'B', q2: ['A'], q3: ['C', 'B', 'A'] });
    expect(wrong).toMatchObject({ score: 0, accuracy: 0 });
    expect((await scored({ q1: ['A'], q2: ['A', 'C', 'D'], q3: 'B' })).score).toBe(0);
    expect(await scored({ q2: ['A', 'C'] })).toMatchObject({ score: 1, accuracy: 33 });
  });

  it('refuses unknown question types and page sessions sent without their questions', async () => {
    const { client } = await pro();
    const unknown = await complete(client, {
      sessionId: 'temp_1',
      answers: {},
      questions: [
        { id: 'x', type: 'essay', text: '説明せよ', options: { A: 'a', B: 'b' }, correctAnswer: 'A' },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('不明な問題形式です');
    for (const sessionId of ['retry-123', 'saved_abc_1', 'temp_9']) {
      const bare = await complete(client, { sessionId, answers: {} });
      expect(bare.status).toBe(400);
      expect(bare.json.message).toBe('再チャレンジできる問題データがありません');
    }
    const inconsistent = await complete(client, {
      sessionId: 'temp_2',
      answers: {},
      questions: [
        {
          id: 'x',
          type: 'sort_order',
          text: '並べよ',
          options: { A: 'a', B: 'b', C: 'c' },
          correctAnswer: ['A', 'B'],
        },
      ],
    });
    expect(inconsistent.status).toBe(400);
  });

  it('counts a page-held session once, even posted 30 times at once, and one wrong answer per question', async () => {
    const { client, user } = await pro();
    const question: StudyQuestion = {
      id: 'dup',
      type: 'multiple_choice',
      text: '同じ問題',
      options: { A: '正解', B: '不正解' },
      correctAnswer: 'A',
      explanation: '',
    };
    // Two ids that name the same wrong-answer item, both wrong: one item, and no server error.
    const sessionId = `saved_set_${randomUUID().slice(0, 8)}`;
    const body = {
      sessionId,
      answers: { dup: 'B', 'quiz~focused-study~dup': 'B' },
      questions: [question, { ...question, id: 'quiz~focused-study~dup' }],
    };
    const responses = await Promise.all(Array.from({ length: 30 }, () => complete(client, body)));
    expect(responses.map((response) => response.status).sort()).toEqual([
      200,
      ...Array.from({ length: 29 }, () => 409),
    ]);
    for (const response of responses.filter((each) => each.status === 409))
      expect([FOCUSED_STUDY_MESSAGES.runCompleted, MESSAGES.busy]).toContain(response.json.message);
    const items = await reviewItems(user.id);
    expect(items.map((item) => [item.questionId, item.wrongCount])).toEqual([['dup', 1]]);
  });

  it('completes a server session once (also under 30 parallel completions) and shows it as the latest', async () => {
    const { client } = await pro();
    await addText(client);
    expect(json(await client.get('/api/focused-study/latest-session'))).toBeNull();
    const session = await start(client);
    const answers = Object.fromEntries(
      session.questions.map((question, index) => [question.id, answerOf(question, index % 2 === 0)]),
    );
    // Answers sent with other "correct answers" change nothing: the session's own questions count.
    const forged = session.questions.map((question) => ({
      ...question,
      correctAnswer: answerOf(question, false),
    }));
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        complete(client, { sessionId: session.id, answers, questions: forged }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    const result = json<RunResult>(responses.find((response) => response.status === 200)!);
    expect(result).toMatchObject({ score: 5, totalQuestions: 10, accuracy: 50 });
    const latest = json<Record<string, unknown>>(await client.get('/api/focused-study/latest-session'));
    expect(latest).toMatchObject({ score: 5, totalQuestions: 10, completedAt: result.completedAt });
    expect(latest.questions).toEqual(session.questions);

    const unknown = await complete(client, { sessionId: 'no-such-session', answers: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(FOCUSED_STUDY_MESSAGES.runNotFound);
  });

  it('asks new questions when asked for new ones after a session', async () => {
    const { client } = await pro();
    await addText(client);
    await client.request('PUT', '/api/focused-study/settings', { json: { dailyQuestionCount: 5 } });
    const first = await start(client);
    await complete(client, { sessionId: first.id, answers: {} });
    const fresh = await start(client, '/api/focused-study/generate-new-questions');
    const texts = (session: StudyRun) =>
      new Set(
        session.questions.map(
          (question) => `${question.text}|${Object.values(question.options).sort().join()}`,
        ),
      );
    const repeated = [...texts(fresh)].filter((text) => texts(first).has(text));
    expect(repeated).toEqual([]);
  });
});

describe('unfinished sessions', () => {
  it('come back after a reload or on another device at the question reached, with the answers given, generating nothing', async () => {
    const { client, user } = await pro();
    await addText(client);
    const session = await start(client);
    expect(await usage(client)).toMatchObject({ remaining: 199 });
    expect(await unfinished(client)).toEqual({
      ...session,
      kind: 'study',
      currentQuestionIndex: 0,
      userAnswers: {},
    });

    // Two answers given, the member on question 3: the page saves as they go.
    const [first, second] = session.questions;
    const given = { [first!.id]: answerOf(first!, true), [second!.id]: answerOf(second!, false) };
    const saved = await saveProgress(client, session.id, { answers: given, currentQuestionIndex: 2 });
    expect(saved.status, saved.text).toBe(200);
    // Nothing in the answer says whether they are right.
    expect(Object.keys(saved.json)).toEqual(['savedAt']);

    // The page reloaded, and the same member on another browser: question 3, those two answers.
    const elsewhere = await anotherDevice(user.id);
    for (const reader of [client, elsewhere]) {
      const resumed = await unfinished(reader);
      expect(resumed).toMatchObject({ id: session.id, kind: 'study', currentQuestionIndex: 2 });
      expect(resumed!.userAnswers).toEqual(given);
      expect(resumed!.questions).toEqual(session.questions);
    }
    expect(await usage(client)).toMatchObject({ remaining: 199 });

    // Starting again while it is unfinished generates nothing: the page must choose.
    for (const path of ['start-session', 'generate-new-questions', 'start-review-session']) {
      const again = await elsewhere.request('POST', `/api/focused-study/${path}`, { json: {} });
      expect(again.status, path).toBe(409);
      expect(again.json.message).toBe(FOCUSED_STUDY_MESSAGES.runUnfinished);
    }
    expect(await usage(client)).toMatchObject({ remaining: 199 });

    // Going on from the other device and completing there; completion checks what it is sent.
    const rest = Object.fromEntries(
      session.questions.slice(2).map((question) => [question.id, answerOf(question, true)]),
    );
    const done = await complete(elsewhere, { sessionId: session.id, answers: { ...given, ...rest } });
    expect(done.status, done.text).toBe(200);
    expect(json<RunResult>(done)).toMatchObject({ score: 9, totalQuestions: 10 });
    expect(await unfinished(client)).toBeNull();
    const late = await saveProgress(client, session.id, { answers: given, currentQuestionIndex: 3 });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(FOCUSED_STUDY_MESSAGES.runCompleted);
    expect(json<{ score: number }>(await client.get('/api/focused-study/latest-session')).score).toBe(9);
  });

  it('generate once for 30 parallel starts: one session, one use of the allowance, the others 409', async () => {
    const { client, user } = await pro();
    await addText(client);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.request('POST', '/api/focused-study/start-session', { json: {} }),
      ),
    );
    const started = responses.filter((response) => response.status === 201);
    expect(started).toHaveLength(1);
    for (const response of responses.filter((each) => each.status !== 201)) {
      expect(response.status, response.text).toBe(409);
      expect([
        FOCUSED_STUDY_MESSAGES.runStarting,
        FOCUSED_STUDY_MESSAGES.runUnfinished,
        MESSAGES.busy,
      ]).toContain(response.json.message);
    }
    expect(await usage(client)).toMatchObject({ remaining: 199 });
    const history = await queryAll<Record<string, unknown>>({
      partition: UserKeys.pk({ userId: user.id }),
      beginsWith: AiHistoryKeys.skPrefix(),
    });
    expect(history).toHaveLength(1);
    expect((await unfinished(client))!.id).toBe(json<StudyRun>(started[0]!).id);

    // 30 parallel 「新しく始める」 on it: again one new session, one more generation.
    const old = json<StudyRun>(started[0]!).id;
    const replacing = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.request('POST', '/api/focused-study/start-session', { json: { replacing: old } }),
      ),
    );
    expect(replacing.filter((response) => response.status === 201)).toHaveLength(1);
    expect(replacing.filter((response) => response.status === 409)).toHaveLength(29);
    expect(await usage(client)).toMatchObject({ remaining: 198 });
    expect((await unfinished(client))!.id).toBe(
      json<StudyRun>(replacing.find((response) => response.status === 201)!).id,
    );
  });

  it('are replaced only when named, discarded when ended early, and kept when the replacement fails', async () => {
    const { client, user } = await pro();
    await addText(client);
    const first = await start(client);
    await saveProgress(client, first.id, { answers: {}, currentQuestionIndex: 1 });

    // 「新しく始める」 at the daily limit: refused, and the unfinished session is still there.
    const counter = { userId: user.id, day: japanDate(new Date()) };
    await db.update({
      Key: AiUsageKeys.key(counter),
      UpdateExpression: 'SET used = :all',
      ExpressionAttributeValues: { ':all': 200 },
    });
    const refused = await client.request('POST', '/api/focused-study/start-session', {
      json: { replacing: first.id },
    });
    expect(refused.status).toBe(429);
    expect(await unfinished(client)).toMatchObject({ id: first.id, currentQuestionIndex: 1 });
    await db.update({
      Key: AiUsageKeys.key(counter),
      UpdateExpression: 'SET used = :one',
      ExpressionAttributeValues: { ':one': 1 },
    });

    // Naming another session replaces nothing.
    const wrongName = await client.request('POST', '/api/focused-study/start-session', {
      json: { replacing: 'not-this-one' },
    });
    expect(wrongName.status).toBe(409);
    const second = await start(client, '/api/focused-study/start-session', { replacing: first.id });
    expect(await unfinished(client)).toMatchObject({ id: second.id, currentQuestionIndex: 0 });
    // The replaced session is gone: it can be neither saved nor completed.
    expect((await saveProgress(client, first.id, { answers: {}, currentQuestionIndex: 0 })).status).toBe(404);
    const stale = await complete(client, { sessionId: first.id, answers: {} });
    expect(stale.status).toBe(404);
    expect(stale.json.message).toBe(FOCUSED_STUDY_MESSAGES.runNotFound);

    // Ended early (学習を中断): discarded, once; the next start needs no choice.
    const discards = await Promise.all(
      Array.from({ length: 5 }, () => client.request('DELETE', `/api/focused-study/sessions/${second.id}`)),
    );
    expect(discards.map((response) => response.status).sort()).toEqual([200, 404, 404, 404, 404]);
    expect(await unfinished(client)).toBeNull();
    expect((await complete(client, { sessionId: second.id, answers: {} })).status).toBe(404);
    const third = await start(client);
    expect(await unfinished(client)).toMatchObject({ id: third.id });
    await complete(client, { sessionId: third.id, answers: {} });
    const afterCompletion = await client.request('DELETE', `/api/focused-study/sessions/${third.id}`);
    expect(afterCompletion.status).toBe(409);
    expect(afterCompletion.json.message).toBe(FOCUSED_STUDY_MESSAGES.runCompleted);
  });

  it('keep only answers of the session, of their question’s shape, at a question it has', async () => {
    const { client } = await pro();
    await addText(client);
    const session = await start(client);
    const choice = session.questions.find((question) => question.type === 'multiple_choice')!;
    const sort = session.questions.find((question) => question.type === 'sort_order')!;
    const keys = Object.keys(sort.options);
    const cases: [Record<string, unknown>, string | null][] = [
      [{ answers: { nope: 'A' }, currentQuestionIndex: 0 }, FOCUSED_STUDY_MESSAGES.answerNotInSession],
      [{ answers: { [choice.id]: ['A'] }, currentQuestionIndex: 0 }, FOCUSED_STUDY_MESSAGES.answerMismatch],
      [{ answers: { [choice.id]: 'F' }, currentQuestionIndex: 0 }, FOCUSED_STUDY_MESSAGES.answerMismatch],
      [
        { answers: { [sort.id]: keys.slice(1) }, currentQuestionIndex: 0 },
        FOCUSED_STUDY_MESSAGES.answerMismatch,
      ],
      [{ answers: {}, currentQuestionIndex: 10 }, FOCUSED_STUDY_MESSAGES.questionIndexInvalid],
      [{ answers: {}, currentQuestionIndex: -1 }, FOCUSED_STUDY_MESSAGES.questionIndexInvalid],
      [{ answers: {}, currentQuestionIndex: 1.5 }, FOCUSED_STUDY_MESSAGES.questionIndexInvalid],
      [{ answers: { [choice.id]: 'Z' }, currentQuestionIndex: 0 }, null],
      [{ answers: {} }, FOCUSED_STUDY_MESSAGES.questionIndexInvalid],
    ];
    for (const [body, message] of cases) {
      const response = await saveProgress(client, session.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      if (message) expect(response.json.message).toBe(message);
    }
    expect(await unfinished(client)).toMatchObject({ currentQuestionIndex: 0, userAnswers: {} });
    // The last of parallel saves wins, whole: never a mix, never a server error.
    const saves = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        saveProgress(client, session.id, {
          answers: { [choice.id]: index % 2 ? 'A' : 'B', [sort.id]: [...keys].reverse() },
          currentQuestionIndex: index % 10,
        }),
      ),
    );
    expect(saves.map((response) => response.status)).toEqual(Array(30).fill(200));
    const resumed = (await unfinished(client))!;
    expect(resumed.userAnswers[sort.id]).toEqual([...keys].reverse());
    expect(['A', 'B']).toContain(resumed.userAnswers[choice.id]);
  });

  it('include a page-held session (a retry or a saved set’s replay) from its first save, with its questions', async () => {
    const { client } = await pro();
    const questions: StudyQuestion[] = ['p1', 'p2', 'p3'].map((id) => ({
      id,
      type: 'multiple_choice',
      text: `問題${id}`,
      options: { A: '正解', B: '不正解' },
      correctAnswer: 'A',
      explanation: '',
    }));
    const sessionId = `retry-${Date.now()}`;
    const bare = await saveProgress(client, sessionId, { answers: { p1: 'A' }, currentQuestionIndex: 1 });
    expect(bare.status).toBe(400);
    expect(bare.json.message).toBe(FOCUSED_STUDY_MESSAGES.retryWithoutData);
    const first = await saveProgress(client, sessionId, {
      answers: { p1: 'A' },
      currentQuestionIndex: 1,
      questions,
    });
    expect(first.status, first.text).toBe(200);
    // Later saves need not send the questions again.
    expect(
      (await saveProgress(client, sessionId, { answers: { p1: 'A', p2: 'B' }, currentQuestionIndex: 2 }))
        .status,
    ).toBe(200);
    expect(await unfinished(client)).toMatchObject({
      id: sessionId,
      kind: 'retry',
      questions,
      currentQuestionIndex: 2,
      userAnswers: { p1: 'A', p2: 'B' },
    });

    // While it is unfinished, neither a server session nor another page-held one starts unasked.
    await addText(client);
    const serverStart = await client.request('POST', '/api/focused-study/start-session', { json: {} });
    expect(serverStart.status).toBe(409);
    const other = await saveProgress(client, 'saved_set_1', {
      answers: {},
      currentQuestionIndex: 0,
      questions,
    });
    expect(other.status).toBe(409);
    expect(other.json.message).toBe(FOCUSED_STUDY_MESSAGES.runUnfinished);

    const done = await complete(client, { sessionId, answers: { p1: 'A', p2: 'B', p3: 'A' }, questions });
    expect(done.status, done.text).toBe(200);
    expect(json<RunResult>(done).score).toBe(2);
    expect(await unfinished(client)).toBeNull();
    expect((await complete(client, { sessionId, answers: {}, questions })).status).toBe(409);
    expect((await start(client)).questions).toHaveLength(10);
  });
});

describe('saved question sets', () => {
  it('saves with a title, lists with counts, edits, favours, replays and deletes', async () => {
    const { client } = await pro();
    await addText(client);
    const session = await start(client);
    const untitled = await client.request('POST', '/api/focused-study/save-question-set', {
      json: { title: '  ', questions: session.questions },
    });
    expect(untitled.status).toBe(400);
    expect(untitled.json.message).toBe('タイトルを入力してください');

    const saved = await client.request('POST', '/api/focused-study/save-question-set', {
      json: {
        title: '戦国と明治',
        description: '年号の復習',
        difficulty: '上級',
        questions: session.questions,
      },
    });
    expect(saved.status).toBe(201);
    const set = json<SavedQuestionSet>(saved);
    expect(set).toMatchObject({
      title: '戦国と明治',
      description: '年号の復習',
      difficulty: '上級',
      questionCount: 10,
      isFavorite: false,
      playCount: 0,
      lastPlayedAt: null,
    });
    expect(set.estimatedTime).toBeGreaterThanOrEqual(10);

    const renamed = await client.request('PUT', `/api/focused-study/saved-question-sets/${set.id}`, {
      json: { title: '戦国時代', description: '' },
    });
    expect(json<SavedQuestionSet>(renamed)).toMatchObject({ title: '戦国時代', description: '' });
    const favourite = await client.request(
      'PUT',
      `/api/focused-study/saved-question-sets/${set.id}/favorite`,
    );
    expect(json<SavedQuestionSet>(favourite).isFavorite).toBe(true);
    const unfavourite = await client.request(
      'PUT',
      `/api/focused-study/saved-question-sets/${set.id}/favorite`,
      {
        json: {},
      },
    );
    expect(json<SavedQuestionSet>(unfavourite).isFavorite).toBe(false);
    const set2 = await client.request('PUT', `/api/focused-study/saved-question-sets/${set.id}/favorite`, {
      json: { isFavorite: true },
    });
    expect(json<SavedQuestionSet>(set2).isFavorite).toBe(true);

    const replay = await client.request('POST', `/api/focused-study/start-saved-session/${set.id}`);
    expect(replay.status).toBe(201);
    const replayed = json<StudyRun>(replay);
    expect(replayed.id.startsWith('saved_')).toBe(true);
    expect(replayed.questions).toEqual(session.questions);
    const listed = json<SavedQuestionSet[]>(await client.get('/api/focused-study/saved-question-sets'))[0]!;
    expect(listed.playCount).toBe(1);
    expect(listed.lastPlayedAt).not.toBeNull();
    const result = await complete(client, {
      sessionId: replayed.id,
      answers: Object.fromEntries(
        replayed.questions.map((question) => [question.id, question.correctAnswer]),
      ),
      questions: replayed.questions,
    });
    expect(json<RunResult>(result)).toMatchObject({ score: 10, accuracy: 100 });

    const question = session.questions[0]!;
    const keys = Object.keys(question.options);
    const newOptions = Object.fromEntries(keys.map((key) => [key, `${question.options[key as 'A']}（改）`]));
    const edited = await client.request(
      'PUT',
      `/api/focused-study/saved-question-sets/${set.id}/questions/${question.id}`,
      { json: { text: '書き直した問題文', options: newOptions, explanation: '書き直した解説' } },
    );
    expect(edited.status, edited.text).toBe(200);
    expect(json<StudyQuestion>(edited)).toMatchObject({
      id: question.id,
      text: '書き直した問題文',
      options: newOptions,
      explanation: '書き直した解説',
      correctAnswer: question.correctAnswer,
    });
    const fewerKeys = await client.request(
      'PUT',
      `/api/focused-study/saved-question-sets/${set.id}/questions/${question.id}`,
      { json: { text: '問題', options: { A: 'x', B: 'y' }, explanation: '' } },
    );
    expect(fewerKeys.status).toBe(400);
    const missing = await client.request(
      'PUT',
      `/api/focused-study/saved-question-sets/${set.id}/questions/nope`,
      { json: { text: '問題', options: newOptions } },
    );
    expect(missing.status).toBe(404);
    const reread = json<SavedQuestionSet[]>(await client.get('/api/focused-study/saved-question-sets'))[0]!;
    expect(reread.questions[0]!.text).toBe('書き直した問題文');
    expect(reread.questions.slice(1)).toEqual(session.questions.slice(1));

    expect((await client.request('DELETE', `/api/focused-study/saved-question-sets/${set.id}`)).status).toBe(
      200,
    );
    expect(json(await client.get('/api/focused-study/saved-question-sets'))).toEqual([]);
    expect((await client.request('DELETE', `/api/focused-study/saved-question-sets/${set.id}`)).status).toBe(
      404,
    );
  });

  it('keeps at most 50: the 51st is refused with the spec message, also under parallel saves', async () => {
    const { client } = await pro();
    const questions: StudyQuestion[] = [
      {
        id: 'q1',
        type: 'multiple_choice',
        text: '問題',
        options: { A: 'あ', B: 'い' },
        correctAnswer: 'A',
        explanation: '',
      },
    ];
    const save = (title: string) =>
      client.request('POST', '/api/focused-study/save-question-set', { json: { title, questions } });
    for (let i = 1; i <= 40; i++) expect((await save(`セット${i}`)).status).toBe(201);
    const parallel = await Promise.all(Array.from({ length: 30 }, (_, i) => save(`並行${i}`)));
    expect(parallel.filter((response) => response.status === 201)).toHaveLength(10);
    expect(json<SavedQuestionSet[]>(await client.get('/api/focused-study/saved-question-sets'))).toHaveLength(
      50,
    );
    const fiftyFirst = await save('51件目');
    expect(fiftyFirst.status).toBe(429);
    expect(fiftyFirst.json.message).toBe(
      '保存できる問題セットは50件までです。不要な問題セットを削除してから再度お試しください。',
    );
    // Deleting one makes room for one.
    const [first] = json<SavedQuestionSet[]>(await client.get('/api/focused-study/saved-question-sets'));
    await client.request('DELETE', `/api/focused-study/saved-question-sets/${first!.id}`);
    expect((await save('空いた枠')).status).toBe(201);
    expect((await save('もう一つ')).status).toBe(429);
  });

  it('refuses a set too large to list', async () => {
    const { client } = await pro();
    const long = (char: string, length: number) => char.repeat(length);
    const questions = Array.from({ length: 30 }, (_, i) => ({
      id: `q${i}`,
      type: 'multiple_choice',
      text: long('問', 500),
      options: { A: long('あ', 200), B: long('い', 200), C: long('う', 200), D: long('え', 200) },
      correctAnswer: 'A',
      explanation: long('解', 300),
    }));
    const response = await client.request('POST', '/api/focused-study/save-question-set', {
      json: { title: '大きすぎるセット', questions },
    });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe(FOCUSED_STUDY_MESSAGES.setTooLarge);
  });
});

describe('review queue (SM-2)', () => {
  it('schedules wrong answers for tomorrow, then lengthens on right answers and resets on wrong ones', async () => {
    const { client, user } = await pro();
    const questions: StudyQuestion[] = ['r1', 'r2'].map((id) => ({
      id,
      type: 'multiple_choice',
      text: `問題${id}`,
      options: { A: '正解', B: '不正解' },
      correctAnswer: 'A',
      explanation: '',
    }));
    await complete(client, { sessionId: 'retry-1', answers: { r1: 'B' }, questions });
    expect(json(await client.get('/api/focused-study/review-queue'))).toEqual({
      dueToday: 0,
      scheduled: 2,
      nextReviewDate: japanDayAfter(new Date(), 1),
    });
    const none = await client.request('POST', '/api/focused-study/start-review-session');
    expect(none.status).toBe(404);
    expect(none.json.message).toBe(FOCUSED_STUDY_MESSAGES.noDueReviews);

    const state = async () =>
      Object.fromEntries(
        (await reviewItems(user.id)).map((item) => [
          item.questionId,
          [item.easinessFactor, item.reviewInterval, item.repetition, item.nextReviewDate, item.wrongCount],
        ]),
      );
    expect(await state()).toEqual({
      r1: [250, 1, 0, japanDayAfter(new Date(), 1), 1],
      r2: [250, 1, 0, japanDayAfter(new Date(), 1), 1],
    });

    const review = async (answers: Record<string, string>) => {
      await makeReviewsDue(user.id);
      expect(json<{ dueToday: number }>(await client.get('/api/focused-study/review-queue')).dueToday).toBe(
        2,
      );
      const session = await start(client, '/api/focused-study/start-review-session');
      expect(session.questions.map((question) => question.id).sort()).toEqual(['r1', 'r2']);
      const response = await complete(client, { sessionId: session.id, answers });
      expect(response.status, response.text).toBe(200);
      return session;
    };
    // r1 right three times: 6 days, then 6 × 2.6 = 16, then 16 × 2.7 = 43; EF +10 each time.
    // r2 wrong, then right twice: reset to 1 day with EF −32, then 6 days, then 6 × 2.28 = 14.
    await review({ r1: 'A', r2: 'B' });
    expect(await state()).toEqual({
      r1: [260, 6, 1, japanDayAfter(new Date(), 6), 1],
      r2: [218, 1, 0, japanDayAfter(new Date(), 1), 2],
    });
    await review({ r1: 'A', r2: 'A' });
    expect(await state()).toEqual({
      r1: [270, 16, 2, japanDayAfter(new Date(), 16), 1],
      r2: [228, 6, 1, japanDayAfter(new Date(), 6), 2],
    });
    const third = await review({ r1: 'A', r2: 'A' });
    expect(await state()).toEqual({
      r1: [280, 43, 3, japanDayAfter(new Date(), 43), 1],
      r2: [238, 14, 2, japanDayAfter(new Date(), 14), 2],
    });
    expect(json(await client.get('/api/focused-study/review-queue'))).toMatchObject({
      dueToday: 0,
      scheduled: 2,
    });
    // A review completed twice counts once.
    expect((await complete(client, { sessionId: third.id, answers: { r1: 'A' } })).status).toBe(409);

    // A wrong answer outside a review puts it back at the start, easiness kept.
    await complete(client, { sessionId: 'temp_2', answers: { r1: 'B', r2: 'A' }, questions });
    expect((await state()).r1).toEqual([280, 1, 0, japanDayAfter(new Date(), 1), 2]);
  });

  it('takes wrong answers of quiz play too, and asks them in a review as single-choice questions', async () => {
    const { client, user } = await pro();
    const created = await client.request('POST', '/api/quizzes', {
      json: {
        quiz: {
          title: '日本の山',
          description: '山のクイズ',
          category: '地理',
          difficulty: '初級',
          isPublished: true,
        },
        questions: [
          {
            questionText: '日本一高い山は？',
            optionA: '富士山',
            optionB: '北岳',
            optionC: '奥穂高岳',
            optionD: '槍ヶ岳',
            correctAnswer: 'A',
            explanation: '富士山は3776メートルです。',
          },
          { questionText: '日本二位の山は？', optionA: '北岳', optionB: '富士山', correctAnswer: 'A' },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    const quizId = json<{ id: string }>(created).id;
    const quiz = json<{ questions: { id: string }[] }>(await client.get(`/api/quizzes/${quizId}`));
    const [first, second] = quiz.questions;
    const played = await client.request('POST', `/api/quizzes/${quizId}/attempt`, {
      json: { score: 0, totalQuestions: 2, answers: { [first!.id]: 'B', [second!.id]: 'A' } },
    });
    expect(played.status, played.text).toBe(201);
    // A quiz's wrong answer is due the same day (everyone's review of mistakes, issue 29).
    expect(json(await client.get('/api/focused-study/review-queue'))).toMatchObject({
      scheduled: 1,
      dueToday: 1,
    });

    await makeReviewsDue(user.id);
    const session = await start(client, '/api/focused-study/start-review-session');
    expect(session.questions).toEqual([
      {
        id: `quiz~${quizId}~${first!.id}`,
        type: 'multiple_choice',
        text: '日本一高い山は？',
        options: { A: '富士山', B: '北岳', C: '奥穂高岳', D: '槍ヶ岳' },
        correctAnswer: 'A',
        explanation: '富士山は3776メートルです。',
      },
    ]);
    await complete(client, { sessionId: session.id, answers: { [session.questions[0]!.id]: 'A' } });
    const [item] = await reviewItems(user.id);
    expect(item).toMatchObject({
      quizId,
      questionId: first!.id,
      reviewCount: 1,
      repetition: 1,
      easinessFactor: 260,
    });
  });
});
