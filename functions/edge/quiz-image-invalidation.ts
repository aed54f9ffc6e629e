import { createHash } from 'node:crypto';
import { CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import type { Context, S3Event, SQSEvent } from 'aws-lambda';
import { cloudFront } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { createLogger, withRequestLog } from '../lib/logger';
import { invalidationPaths } from '../quizzes/quiz-image-policy';

/**
 * Takes removed questions' pictures off CloudFront's edge (route table `queueConsumers`,
 * `quiz-image-removals`): the quiz images bucket sends each removal (an edit, a quiz's or an
 * account's deletion) to a queue, and each batch of them becomes one invalidation
 * (`invalidationPaths`: a wildcard for a quiz that lost several pictures at once). Without it a
 * deleted picture stays public at the edge for the year its cache header allows.
 *
 * A batch whose invalidation fails (CloudFront's limit of invalidations in progress, say) fails
 * whole and comes back after the queue's visibility timeout; its caller reference is made from
 * its messages, so a batch handed over again after a success is not invalidated twice.
 */
export const handler = async (event: SQSEvent, context?: Context): Promise<void> => {
  const requestId = context?.awsRequestId ?? event.Records[0]?.messageId ?? 'quiz-image-removals';
  const config = getConfig();
  const log = createLogger({ requestId, route: 'quiz-image-removals' }, config.logLevel);
  await withRequestLog(log, async (log) => {
    const paths = invalidationPaths(event.Records.flatMap((record) => removedKeysOf(record.body)));
    if (paths.length === 0) return;
    if (!config.distributionId) throw new Error('DISTRIBUTION_ID is not configured');
    const reference = createHash('sha256')
      .update(event.Records.map((record) => record.messageId).join('\n'))
      .digest('base64url');
    await cloudFront().send(
      new CreateInvalidationCommand({
        DistributionId: config.distributionId,
        InvalidationBatch: { CallerReference: reference, Paths: { Quantity: paths.length, Items: paths } },
      }),
    );
    log.info('quiz pictures invalidated', { records: event.Records.length, paths: paths.length });
  });
};

/**
 * The object keys an S3 event notification names (URL-encoded there, spaces as `+`); none for
 * S3's test event, sent once when the notification is set up.
 */
function removedKeysOf(body: string): string[] {
  let event: Partial<S3Event>;
  try {
    event = JSON.parse(body) as Partial<S3Event>;
  } catch {
    return [];
  }
  return (event.Records ?? [])
    .filter((record) => record.eventName?.startsWith('ObjectRemoved:'))
    .map((record) => decodeURIComponent(record.s3.object.key.replaceAll('+', ' ')));
}
