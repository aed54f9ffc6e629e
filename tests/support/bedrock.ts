import { afterAll, beforeAll, beforeEach } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BedrockRuntimeClient, type ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import type { AiUsageLimit } from '@shared/ai';
import { AiUsageKeys } from '@functions/ai/usage-keys';
import { db } from '@functions/data/db';
import { japanDate } from '@functions/lib/japan-time';
import { startTestGateway } from './gateway';
import type { TestClient } from './http-client';

/** The model id the Bedrock suites configure. */
export const BEDROCK_MODEL_ID = 'apac.anthropic.claude-3-haiku-20240307-v1:0';

/**
 * A test gateway with a Bedrock model configured. Bedrock has no local emulator, so its client is
 * mocked (aws-sdk-client-mock), reset before each test; the gateway and the emulators are real.
 */
export function useBedrockGateway() {
  const bedrock = mockClient(BedrockRuntimeClient);
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    process.env.BEDROCK_MODEL_ID = BEDROCK_MODEL_ID;
    gateway = await startTestGateway();
  });
  afterAll(async () => {
    delete process.env.BEDROCK_MODEL_ID;
    bedrock.restore();
    await gateway.stop();
  });
  beforeEach(() => bedrock.reset());
  return { bedrock, gateway: () => gateway };
}

/** The model's answer through the tool `name` (a forced tool call), with `input` as its arguments. */
export const toolAnswer = (name: string, input: unknown): ConverseCommandOutput => ({
  $metadata: {},
  stopReason: 'tool_use',
  output: {
    message: {
      role: 'assistant',
      content: [{ toolUse: { toolUseId: 'tool-1', name, input: input as never } }],
    },
  },
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
  metrics: { latencyMs: 1 },
});

/** Generations the member has left today. */
export const remainingGenerations = async (client: TestClient) =>
  ((await client.get('/api/ai/usage-limit')).json as unknown as AiUsageLimit).remaining;

/**
 * Records that the member has already made `calls` model calls today, as if they had: reaching an
 * advanced member's cap of 300 through the API would take half an hour of the per-minute limit.
 */
export const madeModelCalls = (userId: string, calls: number) =>
  db.update({
    Key: AiUsageKeys.key({ userId, day: japanDate(new Date()) }),
    UpdateExpression: 'SET modelCalls = :calls',
    ExpressionAttributeValues: { ':calls': calls },
  });
