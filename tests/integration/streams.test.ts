import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { literalPrefix } from '@functions/data/keys';
import { db } from '@functions/data/db';
import { QuizKeys } from '@functions/quizzes/quiz-keys';
import { quizItem } from '../../scripts/bench/search-catalogue';
import { laneOf } from '../../scripts/local/streams';
import { startTestGateway } from '../support/gateway';
import { batches, failures } from '../support/fixtures/stream-consumer';
import { handed, hold, release, releaseAll, whenHanded } from '../support/fixtures/held-stream-consumer';

/**
 * The local stand-in for Lambda's event source mapping on the table's stream: the consumer gets
 * the records its key filter lets through, in order, in batches of its size; a failing batch is
 * tried again split in halves, and a record that keeps failing is given up after its retries
 * without holding up the ones after it; a lane busy with a long batch holds up only its own records.
 */
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
/** The items the second consumer (two lanes) takes. */
const LANES_SK = 'LANES';

beforeAll(async () => {
  gateway = await startTestGateway({
    streamConsumers: [
      {
        stream: 'test',
        handler: 'tests/support/fixtures/stream-consumer',
        table: 'none',
        keys: { pkPrefix: literalPrefix(QuizKeys.definition.pk), sk: QuizKeys.sk() },
        batchSize: 4,
        parallelizationFactor: 1,
        maxBatchingWindowSeconds: 0,
        retryAttempts: 3,
      },
      {
        stream: 'lanes',
        handler: 'tests/support/fixtures/held-stream-consumer',
        table: 'none',
        keys: { pkPrefix: literalPrefix(QuizKeys.definition.pk), sk: LANES_SK },
        batchSize: 10,
        parallelizationFactor: 2,
        maxBatchingWindowSeconds: 0,
        retryAttempts: 0,
      },
    ],
  });
});
afterAll(async () => {
  releaseAll();
  await gateway.stop();
});
beforeEach(() => {
  batches.length = 0;
  failures.next = 0;
  failures.poison.clear();
});

let written = 0;
/** Writes quizzes one after the other (each a stream record), and an item the filter keeps out. */
async function write(count: number) {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const id = `stream-${written++}`;
    ids.push(id);
    await db.put({ Item: quizItem({ id, title: id, createdAt: new Date().toISOString() }) });
    await db.put({ Item: { ...QuizKeys.key({ quizId: id }), sk: 'OTHER', note: 'not a quiz' } });
  }
  await gateway.streamSettled();
  return ids;
}

const delivered = () => batches.filter((batch) => !batch.failed).flatMap((batch) => batch.ids);

it('hands the consumer the records it filters for, in order, in batches of its size', async () => {
  const ids = await write(6);
  expect(delivered()).toEqual(ids);
  expect(batches.every((batch) => batch.ids.length <= 4)).toBe(true);
});

it('tries a failed batch again, split in halves, until every record is through once', async () => {
  failures.next = 1;
  const ids = await write(3);
  expect(batches[0]).toMatchObject({ ids: expect.arrayContaining([ids[0]]), failed: true });
  expect(delivered()).toEqual(ids);
});

it('gives up a record that keeps failing after its retries, and goes on with the rest', async () => {
  const poisoned = `stream-${written + 1}`;
  failures.poison.add(poisoned);
  const ids = await write(4);
  expect(delivered()).toEqual(ids.filter((id) => id !== poisoned));
  const tries = batches.filter((batch) => batch.ids.includes(poisoned));
  expect(tries.length).toBeGreaterThan(1);
  expect(tries.every((batch) => batch.failed)).toBe(true);
  expect(await write(1)).toEqual(delivered().slice(-1));
});

it('goes on with the other lane and reads on while one lane is busy with a batch, each lane in order', async () => {
  // Items in lane 0 and lane 1 of the consumer's two (the same item always goes to the same lane).
  const inLane = (lane: number, skip = 0) =>
    Array.from({ length: 64 }, (_, index) => `lanes-${written}-${index}`).filter(
      (id) => laneOf({ ...QuizKeys.key({ quizId: id }), sk: LANES_SK }, 2) === lane,
    )[skip]!;
  const [busy, behind, other] = [inLane(0), inLane(0, 1), inLane(1)];
  written++;
  const put = (id: string) => db.put({ Item: { ...QuizKeys.key({ quizId: id }), sk: LANES_SK } });
  hold(busy);
  await put(busy);
  await whenHanded(busy);
  // Written while lane 0 works on `busy`: the stream is read on, and lane 1 is not held up.
  await put(behind);
  await put(other);
  await whenHanded(other);
  expect(handed).not.toContain(behind);
  release(busy);
  await gateway.streamSettled();
  expect(handed.slice(-3)).toEqual([busy, other, behind]);
});
