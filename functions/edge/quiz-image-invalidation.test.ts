import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../lib/config';
import { handler } from './quiz-image-invalidation';

/**
 * A removed picture leaves CloudFront's edge: the queue of the quiz images bucket's removals is
 * read in batches, each one invalidation of the distribution (CloudFront has no emulator: its
 * client is mocked).
 */
const cloudFront = mockClient(CloudFrontClient);
const saved = { ...process.env };

beforeAll(() => {
  Object.assign(process.env, { STAGE: 'dev', TABLE_NAME: 't', APP_URL: 'https://example.com' });
  process.env.DISTRIBUTION_ID = 'E2EXAMPLE';
  resetConfigForTests();
});
afterAll(() => {
  process.env = saved;
  resetConfigForTests();
  cloudFront.restore();
});
beforeEach(() => {
  cloudFront.reset();
  cloudFront.on(CreateInvalidationCommand).resolves({});
});

const removal = (key: string, eventName = 'ObjectRemoved:Delete') => ({
  eventName,
  s3: { bucket: { name: 'images' }, object: { key } },
});
const batch = (...bodies: unknown[]): SQSEvent =>
  ({
    Records: bodies.map((body, index) => ({ messageId: `m${index}`, body: JSON.stringify(body) })),
  }) as unknown as SQSEvent;

describe('taking removed pictures off the edge', () => {
  it('invalidates a batch of removals at once: a lone picture by its path, a deleted quiz by one wildcard', async () => {
    await handler(
      batch(
        { Records: [removal('quiz-images/q1/a%2Bb.webp')] },
        { Records: [removal('quiz-images/q2/x.webp')] },
        { Records: [removal('quiz-images/q2/y.webp')] },
        { Records: [removal('quiz-images/q2/z.webp', 'ObjectRemoved:DeleteMarkerCreated')] },
      ),
    );
    const calls = cloudFront.commandCalls(CreateInvalidationCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toMatchObject({
      DistributionId: 'E2EXAMPLE',
      InvalidationBatch: {
        Paths: { Quantity: 2, Items: ['/quiz-images/q1/a+b.webp', '/quiz-images/q2/*'] },
      },
    });
  });

  it('asks nothing for S3’s test event or other objects, and names a batch handed over again the same', async () => {
    await handler(batch({ Event: 's3:TestEvent' }, { Records: [removal('elsewhere/a.webp')] }, 'not json'));
    expect(cloudFront.commandCalls(CreateInvalidationCommand)).toHaveLength(0);
    const event = batch({ Records: [removal('quiz-images/q1/a.webp')] });
    await handler(event);
    await handler(event);
    const [first, second] = cloudFront.commandCalls(CreateInvalidationCommand);
    expect(first!.args[0].input.InvalidationBatch!.CallerReference).toBe(
      second!.args[0].input.InvalidationBatch!.CallerReference,
    );
  });

  it('fails the batch when CloudFront refuses, so the queue hands it over again', async () => {
    cloudFront
      .on(CreateInvalidationCommand)
      .rejects(Object.assign(new Error('too many'), { name: 'TooManyInvalidationsInProgress' }));
    await expect(handler(batch({ Records: [removal('quiz-images/q1/a.webp')] }))).rejects.toThrow('too many');
  });
});
