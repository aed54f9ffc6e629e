import { member } from '../support/actors';
import { describe, expect, it } from 'vitest';
import { ConverseCommand, ThrottlingException } from '@aws-sdk/client-bedrock-runtime';
import { resetConfigForTests } from '@functions/lib/config';
import { AI_MESSAGES, AI_MODEL_CALL_LIMITS, type GeneratedQuiz } from '@shared/ai';
import { makeTextPdf } from '../support/documents';
import { HISTORY_NOTES } from '../support/study-material';
import {
  BEDROCK_MODEL_ID,
  madeModelCalls,
  remainingGenerations,
  toolAnswer,
  useBedrockGateway,
} from '../support/bedrock';
import type { TestClient } from '../support/http-client';

/**
 * AI generation with a Bedrock model configured. Bedrock has no local emulator, so its client is
 * mocked (aws-sdk-client-mock); everything else — the gateway, DynamoDB Local, s3rver — is real.
 */
const { bedrock, gateway } = useBedrockGateway();

const SOURCE =
  '光合成は、植物が光エネルギーを使って二酸化炭素と水からデンプンなどの有機物を作り、酸素を放出するはたらきである。葉緑体で行われる。';

const modelQuiz = {
  title: '光合成の基本',
  description: '光合成のしくみを確かめる問題です。',
  questions: [
    {
      text: '光合成が行われる細胞小器官はどれですか。',
      options: { a: 'ミトコンドリア', b: '葉緑体', c: '核', d: '液胞' },
      correctAnswer: 'b',
      explanation: '本文に「葉緑体で行われる」とあります。',
    },
    {
      text: '光合成で放出される気体はどれですか。',
      options: { A: '窒素', B: '二酸化炭素', C: '酸素', D: '水素' },
      correctAnswer: ['c', 'a'],
      explanation: '光合成では酸素が放出されます。',
    },
  ],
};

const answer = (input: unknown) => toolAnswer('submit_quiz', input);

const generate = (client: TestClient, numQuestions = 2) =>
  client.request('POST', '/api/ai/generate-quiz-from-text', {
    json: { numQuestions, difficulty: '上級', category: '理科', text: SOURCE },
  });

describe('Bedrock provider', () => {
  it('asks the configured model for structured output and normalises the answer', async () => {
    bedrock.on(ConverseCommand).resolves(answer(modelQuiz));
    const client = (await member(gateway())).client;
    const response = await generate(client);
    expect(response.status).toBe(200);
    const quiz = response.json as unknown as GeneratedQuiz;
    expect(quiz.provider).toBe('bedrock');
    expect(quiz.questions.map((question) => question.correctAnswer)).toEqual(['B', 'C']);
    expect(quiz.questions[1]!.options).toEqual({ a: '窒素', b: '二酸化炭素', c: '酸素', d: '水素' });

    const [call] = bedrock.commandCalls(ConverseCommand);
    const input = call!.args[0].input;
    expect(input.modelId).toBe(BEDROCK_MODEL_ID);
    expect(input.toolConfig?.toolChoice).toEqual({ tool: { name: 'submit_quiz' } });
    const prompt = input.messages![0]!.content![0]!.text!;
    expect(prompt).toContain(SOURCE);
    expect(prompt).toContain('2問');
    expect(prompt).toContain('上級');
    expect(prompt).toContain('理科');
    expect(await remainingGenerations(client)).toBe(2);
  });

  it('retries once after malformed output, answering the tool call with an error result', async () => {
    bedrock
      .on(ConverseCommand)
      .resolvesOnce(answer({ title: '光合成', questions: [{ text: '?', options: { a: 'x', b: 'x' } }] }))
      .resolvesOnce(answer(modelQuiz));
    const client = (await member(gateway())).client;
    const response = await generate(client);
    expect(response.status).toBe(200);
    const calls = bedrock.commandCalls(ConverseCommand);
    expect(calls).toHaveLength(2);
    const retryMessages = calls[1]!.args[0].input.messages!;
    expect(retryMessages).toHaveLength(3);
    expect(retryMessages[2]!.content![0]!.toolResult).toMatchObject({ toolUseId: 'tool-1', status: 'error' });
    expect(await remainingGenerations(client)).toBe(2);
  });

  it('gives up after two malformed answers with the spec message, and uses nothing', async () => {
    bedrock.on(ConverseCommand).resolves(answer({ title: 'x', description: 'y', questions: [] }));
    const client = (await member(gateway())).client;
    const response = await generate(client);
    expect(response.status).toBe(502);
    expect(response.json.message).toBe(AI_MESSAGES.textFailed);
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(2);
    expect(await remainingGenerations(client)).toBe(3);
  });

  it('answers throttling with a clear "busy" error and uses nothing', async () => {
    bedrock
      .on(ConverseCommand)
      .rejects(new ThrottlingException({ message: 'Too many requests', $metadata: {} }));
    const client = (await member(gateway())).client;
    const response = await generate(client);
    expect(response.status).toBe(503);
    expect(response.json.message).toBe(AI_MESSAGES.aiBusy);
    expect(await remainingGenerations(client)).toBe(3);
  });

  it('uses the PDF failure message for a PDF, and the text extracted from it as material', async () => {
    bedrock.on(ConverseCommand).rejectsOnce(new Error('AccessDeniedException')).resolves(answer(modelQuiz));
    const client = (await member(gateway())).client;
    const form = () => {
      const body = new FormData();
      body.append('numQuestions', '1');
      body.append('difficulty', '初級');
      body.append('category', '理科');
      body.append('pdf', new Blob([new Uint8Array(makeTextPdf(SOURCE.split(/(?<=。)/)))]), '光合成.pdf');
      return body;
    };
    const failed = await client.request('POST', '/api/ai/generate-quiz-from-pdf', { body: form() });
    expect(failed.status).toBe(502);
    expect(failed.json.message).toBe(AI_MESSAGES.pdfFailed);
    const ok = await client.request('POST', '/api/ai/generate-quiz-from-pdf', { body: form() });
    expect(ok.status).toBe(200);
    expect((ok.json as unknown as GeneratedQuiz).questions).toHaveLength(1);
    const prompt = bedrock.commandCalls(ConverseCommand)[1]!.args[0].input.messages![0]!.content![0]!.text!;
    expect(prompt).toContain('葉緑体で行われる');
    expect(await remainingGenerations(client)).toBe(2);
  });
});

describe('daily cap of model calls', () => {
  const malformed = answer({ title: 'x', description: 'y', questions: [] });
  const callsMade = () => bedrock.commandCalls(ConverseCommand).length;

  it("refuses a free member's 11th model call of the day, failed calls and retries included, saying when it resets", async () => {
    // Four generations answered malformed twice (8 calls), one refused by the model (1 call), then
    // one whose first answer is malformed: its retry would be the 11th call.
    let model = bedrock.on(ConverseCommand);
    for (let call = 0; call < 8; call++) model = model.resolvesOnce(malformed);
    model.rejectsOnce(new Error('AccessDeniedException')).resolves(malformed);
    const client = (await member(gateway())).client;
    for (let generation = 0; generation < 5; generation++) {
      const failed = await generate(client);
      expect(failed.status).toBe(502);
      expect(failed.json.message).toBe(AI_MESSAGES.textFailed);
    }
    expect(callsMade()).toBe(9);

    const refused = await generate(client);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      message: AI_MESSAGES.modelCallLimit(AI_MODEL_CALL_LIMITS.free),
      reason: 'ai_model_call_limit',
    });
    expect(refused.json.message).toContain('日本時間の0:00');
    expect(callsMade()).toBe(AI_MODEL_CALL_LIMITS.free);
    // The next generation never reaches the model; failures still use up no generation.
    expect((await generate(client)).status).toBe(429);
    expect(callsMade()).toBe(AI_MODEL_CALL_LIMITS.free);
    expect(await remainingGenerations(client)).toBe(3);
  });

  it('lets no more calls through than the cap when 30 requests race for the last ones', async () => {
    bedrock.on(ConverseCommand).resolves(malformed);
    const { client, user } = await member(gateway(), { isPro: true });
    await madeModelCalls(user.id, AI_MODEL_CALL_LIMITS.withMembership - 5);
    const responses = await Promise.all(Array.from({ length: 30 }, () => generate(client)));
    expect(callsMade()).toBe(5);
    for (const response of responses) expect([429, 502], response.text).toContain(response.status);
    expect(responses.map((response) => response.json.message)).toContain(
      AI_MESSAGES.modelCallLimit(AI_MODEL_CALL_LIMITS.withMembership),
    );
    expect(await remainingGenerations(client)).toBe(200);
  });

  it('leaves the offline generator uncapped: a member out of model calls still generates offline', async () => {
    bedrock.on(ConverseCommand).resolves(malformed);
    const { client, user } = await member(gateway());
    await madeModelCalls(user.id, AI_MODEL_CALL_LIMITS.free);
    expect((await generate(client)).status).toBe(429);
    expect(callsMade()).toBe(0);
    delete process.env.BEDROCK_MODEL_ID;
    resetConfigForTests();
    try {
      const offline = await client.request('POST', '/api/ai/generate-quiz-from-text', {
        json: { numQuestions: 1, difficulty: '初級', category: '歴史', text: HISTORY_NOTES.join('') },
      });
      expect(offline.status, offline.text).toBe(200);
      expect((offline.json as unknown as GeneratedQuiz).provider).toBe('offline');
      expect(await remainingGenerations(client)).toBe(2);
    } finally {
      process.env.BEDROCK_MODEL_ID = BEDROCK_MODEL_ID;
      resetConfigForTests();
    }
    expect(callsMade()).toBe(0);
  });
});
