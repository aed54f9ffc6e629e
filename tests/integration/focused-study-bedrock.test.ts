import { describe, expect, it } from 'vitest';
import { ConverseCommand, ThrottlingException } from '@aws-sdk/client-bedrock-runtime';
import { AI_MESSAGES, AI_MODEL_CALL_LIMITS } from '@shared/ai';
import type { StudyRun } from '@shared/focused-study';
import { AiUsageKeys } from '@functions/ai/usage-keys';
import { db } from '@functions/data/db';
import { japanDate } from '@functions/lib/japan-time';
import { member } from '../support/actors';
import {
  BEDROCK_MODEL_ID,
  madeModelCalls,
  remainingGenerations,
  toolAnswer,
  useBedrockGateway,
} from '../support/bedrock';

/**
 * Focused-study questions with a Bedrock model configured: the same provider layer as quiz
 * generation, with the study questions' tool. Bedrock has no local emulator, so its client is
 * mocked (tests/support/bedrock.ts); the gateway and DynamoDB Local are real.
 */
const { bedrock, gateway } = useBedrockGateway();

const SOURCE =
  '光合成は葉緑体で行われる。まず、葉の気孔から二酸化炭素を取り入れる。次に、根から吸い上げた水が葉に運ばれる。最後に、光エネルギーを使ってデンプンが作られる。';

const modelQuestions = {
  questions: [
    {
      type: 'multiple_choice',
      text: '光合成が行われる場所はどこですか。',
      options: { a: 'ミトコンドリア', b: '葉緑体', c: '核', d: '液胞' },
      correctAnswer: ['b'],
      explanation: '本文に「光合成は葉緑体で行われる」とあります。',
    },
    {
      type: 'multiple_select',
      text: '光合成に使われるものをすべて選んでください。',
      options: { A: '二酸化炭素', B: '窒素', C: '水', D: '光エネルギー' },
      correctAnswer: ['a', 'c', 'd'],
      explanation: '二酸化炭素、水、光エネルギーが使われます。',
    },
    {
      type: 'sort_order',
      text: '光合成の過程を順に並べ替えてください。',
      options: { A: 'デンプンが作られる', B: '二酸化炭素を取り入れる', C: '水が葉に運ばれる' },
      correctAnswer: ['B', 'C', 'A'],
      explanation: '本文の「まず」「次に」「最後に」の順です。',
    },
    // Malformed: the answer is not among the options; left out.
    { type: 'multiple_choice', text: '壊れた問題', options: { A: 'x', B: 'y' }, correctAnswer: 'E' },
  ],
};

const answer = (input: unknown) => toolAnswer('submit_study_questions', input);

async function memberWithMaterial() {
  const { client, user } = await member(gateway(), { isPro: true });
  await client.request('PUT', '/api/focused-study/settings', {
    json: { dailyQuestionCount: 5, difficulty: '上級' },
  });
  expect(
    (await client.request('POST', '/api/focused-study/add-text', { json: { text: SOURCE } })).status,
  ).toBe(201);
  return { client, user };
}

describe('focused study with Bedrock', () => {
  it('asks the model through the study tool and keeps the well-formed questions, normalised', async () => {
    bedrock.on(ConverseCommand).resolves(answer(modelQuestions));
    const { client } = await memberWithMaterial();
    const response = await client.request('POST', '/api/focused-study/start-session');
    expect(response.status, response.text).toBe(201);
    const session = response.json as unknown as StudyRun;
    expect(session.questions.map(({ id: _id, ...question }) => question)).toEqual([
      {
        ...modelQuestions.questions[0],
        options: { A: 'ミトコンドリア', B: '葉緑体', C: '核', D: '液胞' },
        correctAnswer: 'B',
      },
      { ...modelQuestions.questions[1], correctAnswer: ['A', 'C', 'D'] },
      modelQuestions.questions[2],
    ]);

    const input = bedrock.commandCalls(ConverseCommand)[0]!.args[0].input;
    expect(input.modelId).toBe(BEDROCK_MODEL_ID);
    expect(input.toolConfig?.toolChoice).toEqual({ tool: { name: 'submit_study_questions' } });
    const prompt = input.messages![0]!.content![0]!.text!;
    expect(prompt).toContain(SOURCE);
    expect(prompt).toContain('5問');
    expect(prompt).toContain('上級');
    expect(prompt).toContain('sort_order');
    expect(await remainingGenerations(client)).toBe(199);
  });

  it('calls the model once for 30 parallel starts: one session, one use and one model call', async () => {
    bedrock.on(ConverseCommand).resolves(answer(modelQuestions));
    const { client, user } = await memberWithMaterial();
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.request('POST', '/api/focused-study/start-session', { json: {} }),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(29);
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(1);
    expect(await remainingGenerations(client)).toBe(199);
    const { Item } = await db.get({ Key: AiUsageKeys.key({ userId: user.id, day: japanDate(new Date()) }) });
    expect(Item?.modelCalls).toBe(1);
  });

  it('retries once, then fails with the generation message and uses nothing', async () => {
    bedrock.on(ConverseCommand).resolves(answer({ questions: [{ type: 'essay', text: '論ぜよ' }] }));
    const { client } = await memberWithMaterial();
    const response = await client.request('POST', '/api/focused-study/start-session');
    expect(response.status).toBe(502);
    expect(response.json.message).toBe(AI_MESSAGES.textFailed);
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(2);
    expect(await remainingGenerations(client)).toBe(200);
  });

  it('answers throttling with the busy message and uses nothing', async () => {
    bedrock.on(ConverseCommand).rejects(new ThrottlingException({ message: 'slow down', $metadata: {} }));
    const { client } = await memberWithMaterial();
    const response = await client.request('POST', '/api/focused-study/generate-new-questions');
    expect(response.status).toBe(503);
    expect(response.json.message).toBe(AI_MESSAGES.aiBusy);
    expect(await remainingGenerations(client)).toBe(200);
  });

  it('counts each call, the retry included, against the daily cap of model calls', async () => {
    bedrock.on(ConverseCommand).resolves(answer({ questions: [] }));
    const { client, user } = await memberWithMaterial();
    await madeModelCalls(user.id, AI_MODEL_CALL_LIMITS.withMembership - 1);
    const response = await client.request('POST', '/api/focused-study/start-session');
    expect(response.status).toBe(429);
    expect(response.json).toEqual({
      message: AI_MESSAGES.modelCallLimit(AI_MODEL_CALL_LIMITS.withMembership),
      reason: 'ai_model_call_limit',
    });
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(1);
    expect(await remainingGenerations(client)).toBe(200);
  });
});
