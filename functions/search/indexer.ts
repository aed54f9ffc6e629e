import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { itemOfImage } from '../data/stream-image';
import { getConfig } from '../lib/config';
import { createLogger, withRequestLog } from '../lib/logger';
import { applyIndexWrites, indexWrites, type IndexedQuiz } from './search-index';

/**
 * The search indexer: the table stream's consumer (route table `streamConsumers`), fed only the
 * changes of quizzes (`QUIZ#…` / `META`) by the event source mapping's filter. Each quiz's changes
 * in the batch are taken together, from the quiz before its first change to the quiz after its
 * last, and the index is brought from one to the other (search-index.ts).
 *
 * A batch that fails is retried whole by the mapping (split in halves on each failure, so one bad
 * record cannot hold up the rest), and after its retries goes to the on-failure queue. Records of
 * one quiz come in order; a batch delivered again, or a change seen twice, writes the same items
 * again, so the index ends the same.
 */
const quizOf = (image: Record<string, unknown> | undefined) => itemOfImage<IndexedQuiz>(image);

export const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<void> => {
  // Lambda's request id for the batch (the local stream mapping, which has none, names the batch by
  // its first record): every line of its work carries it.
  const requestId = context?.awsRequestId ?? event.Records[0]?.eventID ?? 'stream-batch';
  const log = createLogger({ requestId, route: 'search-index' }, getConfig().logLevel);
  await withRequestLog(log, async (log) => {
    const changes = new Map<string, { before: IndexedQuiz | undefined; after: IndexedQuiz | undefined }>();
    for (const record of event.Records) {
      const before = quizOf(record.dynamodb?.OldImage);
      const after = quizOf(record.dynamodb?.NewImage);
      const id = String((after ?? before)?.id ?? '');
      if (!id) continue;
      const earlier = changes.get(id);
      changes.set(id, { before: earlier ? earlier.before : before, after });
    }
    const written = await applyIndexWrites(
      [...changes.values()].map(({ before, after }) => indexWrites(before, after)),
    );
    log.info('search index updated', { records: event.Records.length, quizzes: changes.size, ...written });
  });
};
