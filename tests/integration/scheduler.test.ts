import { afterAll, beforeAll, expect, it } from 'vitest';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '@functions/lib/aws-clients';
import { getConfig } from '@functions/lib/config';
import { startTestGateway } from '../support/gateway';
import { deliveries } from '../support/fixtures/recording-consumer';

/** The local stand-in for SQS delayed delivery: the real SQS client, a consumer called after the delay. */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway({
    queueConsumers: [{ queue: 'tick', handler: 'tests/support/fixtures/recording-consumer', table: 'none' }],
  });
});
afterAll(() => gateway.stop());

it('delivers a delayed message to the queue consumer as an SQS event, not before the delay', async () => {
  const sentAt = Date.now();
  const result = await sqs().send(
    new SendMessageCommand({
      QueueUrl: getConfig().tickQueueUrl,
      MessageBody: JSON.stringify({ roomId: 'ABC123', questionIndex: 2 }),
      DelaySeconds: 1,
    }),
  );
  expect(result.MessageId).toBeTruthy();
  expect(deliveries).toHaveLength(0);

  while (deliveries.length === 0) await new Promise((done) => setTimeout(done, 25));
  expect(deliveries).toHaveLength(1);
  const [delivery] = deliveries;
  expect(delivery!.at - sentAt).toBeGreaterThanOrEqual(950);
  expect(delivery!.event.Records[0]).toMatchObject({
    messageId: result.MessageId,
    eventSource: 'aws:sqs',
    body: JSON.stringify({ roomId: 'ABC123', questionIndex: 2 }),
  });
});
