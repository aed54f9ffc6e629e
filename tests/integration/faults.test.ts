import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  DeleteObjectCommand,
} from '@aws-sdk/client-s3';
import { SendEmailCommand, SESv2Client, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  BedrockRuntimeClient,
  ConverseCommand,
  ThrottlingException,
  type ConverseCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import type { SQSBatchResponse } from 'aws-lambda';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { AI_MESSAGES, type AiUsageLimit, type UploadTicket } from '@shared/ai';
import { MESSAGES } from '@shared/messages';
import { db, tableName } from '@functions/data/db';
import { dynamo } from '@functions/lib/aws-clients';
import { resetConfigForTests } from '@functions/lib/config';
import { getRoom, roomKey } from '@functions/multiplayer/room-store';
import { handler as tickHandler } from '@functions/ws/tick';
import { ensureTable } from '../../scripts/local/bootstrap';
import { startDynamoDb, type RunningDynamoDb } from '../../scripts/local/dynamodb';
import { freePort } from '../../scripts/local/ports';
import { seed } from '../../scripts/seed';
import { member, PASSWORD, visitor } from '../support/actors';
import { makeTextPdf } from '../support/documents';
import { startTestGateway } from '../support/gateway';
import type { TestClient } from '../support/http-client';
import { tickEvent, twoPlayerRoom, type RoomPlayer } from '../support/multiplayer';

/**
 * What happens when a service the functions depend on fails: DynamoDB Local is stopped and
 * restarted in the middle of a request, S3, SES, SQS and Bedrock fail or throttle (their SDK
 * clients mocked with aws-sdk-client-mock: no emulator fails on demand), and the game clock's
 * queue delivers a tick more than once. Every call answers a clear Japanese error or succeeds on
 * retry, nothing is half-written, and nothing is lost.
 *
 * This file runs its own DynamoDB Local, keeping its data in a folder so that a restart keeps
 * the table, and stops it only at points the test chooses (between two calls of a request).
 */
let dynamoDb: RunningDynamoDb;
let dynamoDbPort: number;
let dataDir: string;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
const players: RoomPlayer[] = [];

/** When set, the next DynamoDB call it matches stops DynamoDB Local (before the call is sent, or once it answered). */
let stopAt: { command: string; when: 'before' | 'after' } | undefined;
/** The stop it made, once made. */
let stopped: Promise<void> | undefined;
const commandsSeen: string[] = [];

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

const startOwnDynamoDb = async () => {
  dynamoDb = await startDynamoDb({ port: dynamoDbPort, dataDir });
};

const MODEL_ID = 'apac.anthropic.claude-3-haiku-20240307-v1:0';
const bedrock = mockClient(BedrockRuntimeClient);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'quiz-faults-'));
  dynamoDbPort = await freePort();
  await startOwnDynamoDb();
  process.env.DYNAMODB_ENDPOINT = dynamoDb.endpoint;
  process.env.BEDROCK_MODEL_ID = MODEL_ID;
  resetConfigForTests();
  const client = new DynamoDBClient({
    endpoint: dynamoDb.endpoint,
    region: 'ap-northeast-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await ensureTable(client, tableName());
  client.destroy();
  // Every DynamoDB call of the functions passes here (they run in this process, behind the gateway).
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName);
      commandsSeen.push(command);
      if (stopAt?.command === command && stopAt.when === 'before') {
        stopAt = undefined;
        await (stopped = dynamoDb.stop());
      }
      const result = await next(args);
      if (stopAt?.command === command && stopAt.when === 'after') {
        stopAt = undefined;
        await (stopped = dynamoDb.stop());
      }
      return result;
    },
    { step: 'initialize', name: 'stopDynamoDbAtACall' },
  );
  gateway = await startTestGateway();
  await seed();
});

afterAll(async () => {
  for (const player of players) player.close();
  bedrock.restore();
  delete process.env.BEDROCK_MODEL_ID;
  await gateway?.stop();
  await dynamoDb?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  // A test that failed half way may have left the database stopped: the next one starts whole.
  stopAt = undefined;
  if (dynamoDb.process.exitCode !== null || dynamoDb.process.signalCode !== null) await startOwnDynamoDb();
  bedrock.reset();
  bedrock.on(ConverseCommand).resolves(modelAnswer);
});

const modelAnswer: ConverseCommandOutput = {
  $metadata: {},
  stopReason: 'tool_use',
  output: {
    message: {
      role: 'assistant',
      content: [
        {
          toolUse: {
            toolUseId: 'tool-1',
            name: 'submit_quiz',
            input: {
              title: '明治維新',
              description: '明治維新の問題です。',
              questions: [
                {
                  text: '明治維新が始まった年はどれですか。',
                  options: { A: '1868年', B: '1600年', C: '1945年', D: '1192年' },
                  correctAnswer: 'A',
                  explanation: '1868年に明治と改元されました。',
                },
              ],
            } as never,
          },
        },
      ],
    },
  },
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
  metrics: { latencyMs: 1 },
};

/** How many plays a member has finished, as their profile says. */
async function playsOf(client: TestClient) {
  const stats = await client.get('/api/user/stats');
  expect(stats.status, stats.text).toBe(200);
  return { completed: Number((stats.json as Record<string, unknown>).quizzesCompleted) };
}

let questions: { id: string }[] = [];
/** Sends a finished play of the sample quiz (its questions read once, so a play is one request). */
async function play(client: TestClient) {
  if (!questions.length)
    questions = (await client.get('/api/quizzes/sample-science-basics')).json.questions as unknown as {
      id: string;
    }[];
  return client.request('POST', '/api/quizzes/sample-science-basics/attempt', {
    json: {
      score: 0,
      totalQuestions: questions.length,
      answers: Object.fromEntries(questions.map((question) => [question.id, 'A'])),
    },
  });
}

/** The answer of a call while DynamoDB Local is down: 503 with the Japanese message and Retry-After. */
function expectUnavailable(response: { status: number; json: Record<string, unknown>; headers: Headers }) {
  expect(response.status).toBe(503);
  expect(response.json).toEqual({ message: MESSAGES.serviceUnavailable });
  expect(response.headers.get('retry-after')).toBe('5');
}

describe('DynamoDB Local restarted in the middle of a request', () => {
  it('a play: refused whole when the database goes before its write, kept whole when it goes after', async () => {
    const { client } = await member(gateway);
    const before = await playsOf(client);

    // Down before the play's transaction is sent: a clear error, and nothing of the play is written.
    stopAt = { command: 'TransactWriteItemsCommand', when: 'before' };
    expectUnavailable(await play(client));
    await startOwnDynamoDb();
    expect(await playsOf(client)).toEqual(before);
    // The member tries again: it is saved, once.
    const retried = await play(client);
    expect(retried.status, retried.text).toBe(201);
    const once = await playsOf(client);
    expect(once.completed).toBe(before.completed + 1);

    // Down right after the play's transaction committed (the achievements that follow cannot be
    // granted): the play stands and is answered as saved, so nobody sends it twice.
    stopAt = { command: 'TransactWriteItemsCommand', when: 'after' };
    const saved = await play(client);
    expect(saved.status, saved.text).toBe(201);
    await startOwnDynamoDb();
    expect((await playsOf(client)).completed).toBe(before.completed + 2);
  });

  it('a play: down before the first read of the request, a clear error, and the retry succeeds', async () => {
    const { client } = await member(gateway);
    const before = await playsOf(client);
    expect((await play(client)).status).toBe(201);
    before.completed += 1;
    stopAt = { command: 'GetItemCommand', when: 'before' };
    expectUnavailable(await play(client));
    await startOwnDynamoDb();
    expect(await playsOf(client)).toEqual(before);
    expect((await play(client)).status).toBe(201);
    expect((await playsOf(client)).completed).toBe(before.completed + 1);
  });

  it('a sign-up: the account is whole or absent, so the new member can sign in or sign up again', async () => {
    const id = randomUUID().slice(0, 8);
    const input = {
      username: `fault_${id}`,
      nickname: 'はなこ',
      email: `${id}@example.com`,
      password: PASSWORD,
    };
    // Down before the account's transaction: no account, the same sign-up succeeds afterwards.
    stopAt = { command: 'TransactWriteItemsCommand', when: 'before' };
    expectUnavailable(await (await visitor(gateway)).request('POST', '/api/auth/register', { json: input }));
    await startOwnDynamoDb();
    const registered = await (await visitor(gateway)).request('POST', '/api/auth/register', { json: input });
    expect(registered.status, registered.text).toBe(201);

    // Down right after another account was written (before its session): the account is whole and signs in.
    const other = { ...input, username: `fault2_${id}`, email: `2${id}@example.com` };
    stopAt = { command: 'TransactWriteItemsCommand', when: 'after' };
    expectUnavailable(await (await visitor(gateway)).request('POST', '/api/auth/register', { json: other }));
    await startOwnDynamoDb();
    const login = await (
      await visitor(gateway)
    ).request('POST', '/api/auth/login', {
      json: { username: other.username, password: other.password },
    });
    expect(login.status, login.text).toBe(200);
  });

  it('answers every call made while it restarts with success or the clear error, and loses no success', async () => {
    const { client } = await member(gateway);
    const before = await playsOf(client);
    stopped = undefined;
    stopAt = { command: 'QueryCommand', when: 'before' };
    // Plays sent one after another while the database goes down and comes back.
    let restarted = false;
    let restartFailed: unknown;
    const restarting = (async () => {
      while (!stopped) await pause(20);
      await stopped;
      await startOwnDynamoDb();
      restarted = true;
    })().catch((error: unknown) => (restartFailed = error));
    const answers: number[] = [];
    let afterRestart = 0;
    while (!restarted || answers.at(-1) !== 201) {
      if (restartFailed) throw restartFailed;
      const response = await play(client);
      // A play that ran out of time (a database still starting on a loaded machine) says its outcome is unknown.
      if (response.status === 504) expect(response.json).toEqual({ message: MESSAGES.timedOut });
      else if (response.status !== 201) expectUnavailable(response);
      answers.push(response.status);
      if (restarted && ++afterRestart > 50) throw new Error(`no play succeeded: ${answers.join(',')}`);
      // A member pressing the button again, not a busy loop that starves the restart of CPU.
      if (response.status !== 201) await pause(250);
    }
    await restarting;
    expect(answers).toContain(503);
    // Every play answered as saved is there; one refused as unavailable never is; one that ran out of time may be.
    const saved = answers.filter((status) => status === 201).length;
    const completed = (await playsOf(client)).completed - before.completed;
    expect(completed).toBeGreaterThanOrEqual(saved);
    expect(completed).toBeLessThanOrEqual(saved + answers.filter((status) => status === 504).length);
  });
});

describe('S3 failing', () => {
  async function upload(client: TestClient, file: Buffer, fileName: string) {
    const ticket = (
      await client.request('POST', '/api/ai/uploads', { json: { fileName, size: file.length } })
    ).json as unknown as UploadTicket;
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file)]), fileName);
    expect((await fetch(ticket.url, { method: 'POST', body: form })).status).toBe(204);
    return ticket;
  }

  const remaining = async (client: TestClient) =>
    ((await client.get('/api/ai/usage-limit')).json as unknown as AiUsageLimit).remaining;

  it('keeps the upload and the generation when S3 throttles, and generates from it once S3 is back', async () => {
    const { client } = await member(gateway);
    const ticket = await upload(client, makeTextPdf(['明治維新は1868年に始まった。']), '明治.pdf');
    const generate = () =>
      client.request('POST', '/api/ai/generate-quiz-from-pdf', {
        json: { numQuestions: 1, difficulty: '中級', category: '歴史', fileKey: ticket.key },
      });
    const left = await remaining(client);

    const slowDown = new S3ServiceException({
      name: 'SlowDown',
      $fault: 'server',
      $metadata: { httpStatusCode: 503 },
      message: 'Please reduce your request rate.',
    });
    const s3 = mockClient(S3Client);
    s3.on(HeadObjectCommand).rejects(slowDown);
    s3.on(GetObjectCommand).rejects(slowDown);
    const refused = await generate();
    expectUnavailable(refused);
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
    s3.restore();
    expect(await remaining(client)).toBe(left);

    const generated = await generate();
    expect(generated.status, generated.text).toBe(200);
    expect(await remaining(client)).toBe(left - 1);
    // Used once: gone afterwards.
    expect((await generate()).status).toBe(404);
  });
});

describe('SES throttling', () => {
  const mockSes = () => mockClient(SESv2Client);
  let ses: ReturnType<typeof mockSes>;
  beforeAll(() => {
    ses = mockSes();
  });
  afterAll(() => ses.restore());

  it('says a registration link could not be sent, and sends it once mail is back', async () => {
    ses.reset();
    ses
      .on(SendEmailCommand)
      .rejects(new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: {} }));
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    const refused = await (
      await visitor(gateway)
    ).request('POST', '/api/auth/email-register', { json: { email } });
    expect(refused.status).toBe(502);
    expect(refused.json).toEqual({ message: ACCOUNT_MESSAGES.mailFailed });

    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: 'sent' });
    const sent = await (
      await visitor(gateway)
    ).request('POST', '/api/auth/email-register', { json: { email } });
    expect(sent.status).toBe(200);
    expect(
      ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input.Destination?.ToAddresses),
    ).toEqual([[email]]);
  });

  it('answers a password reset as always while SES throttles (no account is revealed)', async () => {
    ses.reset();
    ses
      .on(SendEmailCommand)
      .rejects(new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: {} }));
    const response = await (
      await visitor(gateway)
    ).request('POST', '/api/auth/request-password-reset', {
      json: { email: 'nobody@example.com' },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ message: ACCOUNT_MESSAGES.passwordResetSent });
  });
});

describe('Bedrock throttling', () => {
  it('answers "busy", uses nothing, and generates on the next try', async () => {
    const { client } = await member(gateway);
    const left = ((await client.get('/api/ai/usage-limit')).json as unknown as AiUsageLimit).remaining;
    const generate = () =>
      client.request('POST', '/api/ai/generate-quiz-from-text', {
        json: {
          numQuestions: 1,
          difficulty: '中級',
          category: '歴史',
          text: '明治維新は1868年に始まった改革である。',
        },
      });
    bedrock.reset();
    bedrock
      .on(ConverseCommand)
      .rejects(new ThrottlingException({ message: 'Too many requests', $metadata: {} }));
    const busy = await generate();
    expect(busy.status).toBe(503);
    expect(busy.json.message).toBe(AI_MESSAGES.aiBusy);
    expect(((await client.get('/api/ai/usage-limit')).json as unknown as AiUsageLimit).remaining).toBe(left);

    bedrock.reset();
    bedrock.on(ConverseCommand).resolves(modelAnswer);
    const generated = await generate();
    expect(generated.status, generated.text).toBe(200);
    expect(((await client.get('/api/ai/usage-limit')).json as unknown as AiUsageLimit).remaining).toBe(
      left - 1,
    );
  });
});

/** A host and a guest in a new room, closed when the file ends. */
async function room() {
  const seated = await twoPlayerRoom(gateway);
  players.push(seated.host, seated.guest);
  return seated;
}

describe('SQS (the game clock) throttling', () => {
  it('does not start a game it cannot time: the last player is told, stays not ready, and starts it by trying again', async () => {
    const { host, guest, code } = await room();
    host.send({ type: 'ready' });
    await guest.expect(
      'player_ready_changed',
      (message) => message.isReady && message.playerId === host.user.id,
    );

    const sqs = mockClient(SQSClient);
    sqs.on(SendMessageCommand).rejects(
      Object.assign(new Error('Rate exceeded'), {
        name: 'ThrottlingException',
        $metadata: { httpStatusCode: 400 },
      }),
    );
    guest.send({ type: 'ready' });
    expect(await guest.expect('error')).toEqual({
      type: 'error',
      message: MESSAGES.serviceUnavailable,
      reason: 'server_error',
    });
    const stored = (await getRoom(code))!;
    expect(stored.gameState).toBe('waiting');
    expect(stored.players[guest.user.id]!.isReady).toBe(false);
    expect(stored.players[host.user.id]!.isReady).toBe(true);
    await host.expect(
      'player_ready_changed',
      (message) => !message.isReady && message.playerId === guest.user.id,
    );

    sqs.restore();
    guest.send({ type: 'ready' });
    await host.expect('game_starting');
    // The real (local) game clock ends the countdown.
    expect((await guest.expect('question')).questionIndex).toBe(0);
  });
});

describe('duplicate game-clock ticks', () => {
  it('ends a question once however many copies of its tick arrive, in one batch or in parallel', async () => {
    const { host, guest, code } = await room();
    host.send({ type: 'ready' });
    guest.send({ type: 'ready' });
    await guest.expect('question', (message) => message.questionIndex === 0);
    host.send({ type: 'answer', answer: 'A', questionIndex: 0 });
    await host.expect('answer_accepted');

    // The question's deadline passes (the stored clock is moved), and its tick comes many times over.
    await db.update({
      Key: roomKey(code),
      UpdateExpression: 'SET phaseEndsAt = :t ADD version :one',
      ExpressionAttributeValues: { ':t': Date.now() - 1, ':one': 1 },
    });
    const { step } = (await getRoom(code))!;
    const body = JSON.stringify({ kind: 'phase', roomId: code, step });
    const results = (await Promise.all([
      tickHandler(tickEvent(body, ['copy-1', 'copy-2', 'copy-3'])),
      tickHandler(tickEvent(body, ['copy-4'])),
      tickHandler(tickEvent(body, ['copy-5', 'copy-6'])),
    ])) as SQSBatchResponse[];
    // None is reported failed (so none is retried into the dead-letter queue).
    expect(results.flatMap((result) => result.batchItemFailures)).toEqual([]);

    // The same copies again, late: nothing changes.
    const late = (await tickHandler(tickEvent(body, ['copy-7', 'copy-8']))) as SQSBatchResponse;
    expect(late.batchItemFailures).toEqual([]);

    // The game goes on by its own clock: one reveal of the first question, then the second question.
    for (const someone of [host, guest]) {
      await someone.expect('question', (message) => message.questionIndex === 1);
      expect(someone.all('answer_reveal').map((message) => message.questionIndex)).toEqual([0]);
      expect(someone.all('question').map((message) => message.questionIndex)).toEqual([0, 1]);
    }
  });
});

describe('what the fault tests saw', () => {
  it('stopped DynamoDB between calls of real requests', () => {
    expect(commandsSeen).toEqual(
      expect.arrayContaining(['TransactWriteItemsCommand', 'GetItemCommand', 'QueryCommand']),
    );
  });
});
