import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { createHash } from 'node:crypto';
import type { StreamConsumer } from '@functions/routes';

/**
 * The local stand-in for Lambda's event source mapping on the table's stream: it reads DynamoDB
 * Local's stream with the DynamoDB Streams API, shard by shard from the oldest record kept
 * (TRIM_HORIZON), and hands each stream consumer of the route table the records its key filter
 * lets through, in batches of its `batchSize`, as Lambda's DynamoDB event. As in AWS:
 * - records of one item go to one of `parallelizationFactor` lanes and stay in order; each lane
 *   works on one batch at a time, independently of the others, and the shard is read on meanwhile
 *   (a bounded number of records ahead), so a long batch holds up only the records behind it in
 *   its own lane;
 * - a lane with records waiting starts its next batch at once, or after the consumer's
 *   `maxBatchingWindowSeconds` when that is set and the batch is not full (Lambda's batching
 *   window; 0 by default for streams);
 * - a batch that fails (throws, or names a record in `batchItemFailures`) is tried again, split
 *   in halves after each failure (bisect), and after `retryAttempts` tries is reported and dropped
 *   (the on-failure destination);
 * - a shard with nothing new is read again a moment later (Lambda: four times a second).
 * Nothing here may stop the local stack: every error is logged and the polling goes on.
 */
export interface StreamPollerOptions {
  endpoint: string;
  tableName: string;
  consumers: readonly StreamConsumer[];
  invoke: (consumer: StreamConsumer, event: { Records: LambdaStreamRecord[] }) => Promise<unknown>;
  log: (line: string) => void;
  /**
   * Pause before a shard with nothing new is read again (default 250 ms: Lambda's mapping reads a
   * shard four times a second). A `settled()` call cuts it short, so a test waiting for the
   * consumers never waits for it.
   */
  idleMs?: number;
  /** Pause before a failed batch is tried again. */
  retryDelayMs?: number;
}

export interface StreamPoller {
  /** Resolves once every record written before the call has been handed to the consumers. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** A record as Lambda passes it: the stream record plus where it came from. */
export type LambdaStreamRecord = Omit<StreamRecord, 'dynamodb'> & {
  dynamodb: Omit<NonNullable<StreamRecord['dynamodb']>, 'ApproximateCreationDateTime'> & {
    ApproximateCreationDateTime?: number;
  };
  eventSourceARN: string;
};

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
/**
 * How often the shards are listed while one is open and none closed: a new shard only ever follows
 * a closed one, and each listing is a call DynamoDB Local's one database thread serves in turn.
 */
const LISTING_INTERVAL_MS = 10_000;
/** Records per `GetRecords` call, DynamoDB Streams' most. */
const READ_LIMIT = 1000;
const region = 'ap-northeast-1';

function toLambdaRecord(record: StreamRecord, streamArn: string): LambdaStreamRecord {
  const { ApproximateCreationDateTime, ...change } = record.dynamodb ?? {};
  return {
    ...record,
    dynamodb: {
      ...change,
      ...(ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: Math.floor(ApproximateCreationDateTime.getTime() / 1000) }
        : {}),
    },
    eventSourceARN: streamArn,
  };
}

/**
 * The mapping's filter (infra: `dynamodb.Keys.pk` begins with, `dynamodb.Keys.sk` equals or begins
 * with, `eventName` one of).
 */
const passes = (consumer: StreamConsumer, record: StreamRecord) => {
  const keys = record.dynamodb?.Keys;
  const sk = keys?.sk?.S;
  return Boolean(
    keys?.pk?.S?.startsWith(consumer.keys.pkPrefix) &&
    sk !== undefined &&
    (consumer.keys.skPrefix !== undefined
      ? sk.startsWith(consumer.keys.skPrefix)
      : sk === consumer.keys.sk) &&
    (!consumer.events || consumer.events.includes(record.eventName as 'INSERT' | 'MODIFY' | 'REMOVE')),
  );
};

/** The lane of an item: the same item always goes to the same lane. */
export const laneOf = (keys: { pk: string; sk: string }, lanes: number) =>
  createHash('md5').update(`${keys.pk}\u0000${keys.sk}`).digest().readUInt32BE(0) % lanes;

const keysOf = (record: StreamRecord) => ({
  pk: String(record.dynamodb?.Keys?.pk?.S),
  sk: String(record.dynamodb?.Keys?.sk?.S),
});

/** Every record the table's stream holds now, oldest first (tests replay them as a retried batch). */
export async function readStream(table: { endpoint: string; tableName: string }): Promise<StreamRecord[]> {
  const config = { endpoint: table.endpoint, region, credentials };
  const dynamo = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  try {
    const arn = (await dynamo.send(new DescribeTableCommand({ TableName: table.tableName }))).Table
      ?.LatestStreamArn;
    const records: StreamRecord[] = [];
    if (!arn) return records;
    const shards = (await streams.send(new DescribeStreamCommand({ StreamArn: arn }))).StreamDescription
      ?.Shards;
    for (const shard of shards ?? []) {
      let iterator = (
        await streams.send(
          new GetShardIteratorCommand({
            StreamArn: arn,
            ShardId: shard.ShardId,
            ShardIteratorType: 'TRIM_HORIZON',
          }),
        )
      ).ShardIterator;
      while (iterator) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        records.push(...(page.Records ?? []));
        if (!page.Records?.length) break;
        iterator = page.NextShardIterator;
      }
    }
    return records;
  } finally {
    dynamo.destroy();
    streams.destroy();
  }
}

export function startStreamPoller(options: StreamPollerOptions): StreamPoller {
  const idleMs = options.idleMs ?? 250;
  const retryDelayMs = options.retryDelayMs ?? 200;
  const config = { endpoint: options.endpoint, region, credentials };
  const dynamo = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  let stopped = false;
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((done) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        done();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  /** Wakes the idle pause under way, if any (`settled()` wants a pass now). */
  let wakeIdle: (() => void) | undefined;
  /** The pause between passes; none while a `settled()` waits for the next pass. */
  const idle = () =>
    new Promise<void>((done) => {
      if (waiters.length) return done();
      const timer = setTimeout(() => {
        wakeIdle = undefined;
        done();
      }, idleMs);
      wakeIdle = () => {
        clearTimeout(timer);
        wakeIdle = undefined;
        done();
      };
    });

  /** Callers of `until` waiting for the lanes to change (a batch taken or finished). */
  let watchers: (() => void)[] = [];
  const changed = () => {
    const waiting = watchers;
    watchers = [];
    for (const watcher of waiting) watcher();
  };
  /** Resolves once `condition` holds (checked whenever a lane changes) or the poller stops. */
  async function until(condition: () => boolean) {
    while (!condition() && !stopped) await new Promise<void>((resolve) => watchers.push(resolve));
  }

  /** Hands a batch to a consumer until it succeeds or its tries are used up. */
  async function deliver(consumer: StreamConsumer, records: LambdaStreamRecord[], tries = 0): Promise<void> {
    if (stopped || records.length === 0) return;
    let failedFrom = -1;
    try {
      const result = (await options.invoke(consumer, { Records: records })) as
        { batchItemFailures?: { itemIdentifier: string }[] } | undefined;
      const failed = result?.batchItemFailures?.[0]?.itemIdentifier;
      if (failed === undefined) return;
      failedFrom = Math.max(
        0,
        records.findIndex((record) => record.dynamodb.SequenceNumber === failed),
      );
    } catch (error) {
      options.log(`[streams] ${consumer.stream}: batch of ${records.length} failed: ${String(error)}`);
      failedFrom = 0;
    }
    const rest = records.slice(failedFrom);
    if (tries >= consumer.retryAttempts) {
      console.error(
        `[streams] ${consumer.stream}: ${rest.length} record(s) from ${rest[0]?.dynamodb.SequenceNumber} failed ${tries + 1} times; sent to the on-failure destination`,
      );
      return;
    }
    await sleep(retryDelayMs);
    if (rest.length > 1) {
      const half = Math.ceil(rest.length / 2);
      await deliver(consumer, rest.slice(0, half), tries + 1);
      await deliver(consumer, rest.slice(half), tries + 1);
    } else await deliver(consumer, rest, tries + 1);
  }

  /** One lane of a consumer: its records waiting, in order, and the batch it is working on. */
  interface Lane {
    waiting: { record: LambdaStreamRecord; since: number }[];
    /** Records ever given to the lane, and those it is done with (delivered, or given up). */
    given: number;
    done: number;
    working?: Promise<void>;
    /** Set while the lane waits out the batching window for a fuller batch. */
    window?: ReturnType<typeof setTimeout>;
  }
  const consumers = options.consumers.map((consumer) => ({
    consumer,
    lanes: Array.from({ length: consumer.parallelizationFactor }, (): Lane => ({
      waiting: [],
      given: 0,
      done: 0,
    })),
    /** Records read and not yet handed over at most: the reading waits while there are as many. */
    readAhead: 2 * consumer.batchSize * consumer.parallelizationFactor,
  }));
  type Consumer = (typeof consumers)[number];
  const waitingIn = (entry: Consumer) => entry.lanes.reduce((sum, lane) => sum + lane.waiting.length, 0);
  /** Whether every lane is done with the records it had been given when `given` was taken. */
  const givenSoFar = () => consumers.map((entry) => entry.lanes.map((lane) => lane.given));
  const doneWith = (given: number[][]) =>
    consumers.every((entry, at) => entry.lanes.every((lane, index) => lane.done >= given[at]![index]!));

  /** Starts the lane's next batch when it is free and has records (and the window, if any, is over). */
  function next(entry: Consumer, lane: Lane) {
    if (stopped || lane.working || lane.waiting.length === 0) return;
    const { consumer } = entry;
    const windowMs = consumer.maxBatchingWindowSeconds * 1000;
    const waited = Date.now() - lane.waiting[0]!.since;
    if (lane.waiting.length < consumer.batchSize && waited < windowMs) {
      lane.window ??= setTimeout(() => {
        lane.window = undefined;
        next(entry, lane);
      }, windowMs - waited);
      return;
    }
    if (lane.window) clearTimeout(lane.window);
    lane.window = undefined;
    const batch = lane.waiting.splice(0, consumer.batchSize).map(({ record }) => record);
    lane.working = deliver(consumer, batch)
      .catch((error: unknown) => options.log(`[streams] ${consumer.stream}: ${String(error)}`))
      .finally(() => {
        lane.done += batch.length;
        lane.working = undefined;
        next(entry, lane);
        changed();
      });
    changed();
  }

  /** Hands the records read to the lanes of every consumer whose filter they pass. */
  function enqueue(records: readonly StreamRecord[], streamArn: string): number {
    let passing = 0;
    const now = Date.now();
    for (const entry of consumers) {
      const touched = new Set<Lane>();
      for (const record of records) {
        if (!passes(entry.consumer, record)) continue;
        passing++;
        const lane = entry.lanes[laneOf(keysOf(record), entry.lanes.length)]!;
        lane.waiting.push({ record: toLambdaRecord(record, streamArn), since: now });
        lane.given++;
        touched.add(lane);
      }
      for (const lane of touched) next(entry, lane);
    }
    return passing;
  }

  async function streamArnOf(): Promise<string | undefined> {
    const table = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
    return table.Table?.LatestStreamArn;
  }

  interface Shard {
    id: string;
    parent?: string;
    iterator?: string;
    /** The last record read: reading resumes after it when the iterator is lost. */
    lastRead?: string;
    closed: boolean;
  }

  /** Waiters of `settled()`: each resolves after a whole pass that began after it and found nothing new. */
  let waiters: { after: number; resolve: () => void }[] = [];
  let pass = 0;

  async function run() {
    let streamArn: string | undefined;
    const shards = new Map<string, Shard>();
    let lastListing = 0;
    /** Set when a shard closed: its child is looked for at once, not at the next listing. */
    let shardClosed = true;
    while (!stopped) {
      try {
        streamArn ??= await streamArnOf();
        if (!streamArn) {
          options.log(`[streams] table ${options.tableName} has no stream; nothing to poll`);
          return;
        }
        // New shards appear as old ones close: look for them when one closed, and now and then.
        if (
          shardClosed ||
          [...shards.values()].every((shard) => shard.closed) ||
          Date.now() - lastListing > LISTING_INTERVAL_MS
        ) {
          lastListing = Date.now();
          shardClosed = false;
          let start: string | undefined;
          do {
            const description = (
              await streams.send(
                new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
              )
            ).StreamDescription;
            for (const shard of description?.Shards ?? [])
              if (shard.ShardId && !shards.has(shard.ShardId))
                shards.set(shard.ShardId, {
                  id: shard.ShardId,
                  ...(shard.ParentShardId ? { parent: shard.ParentShardId } : {}),
                  closed: false,
                });
            start = description?.LastEvaluatedShardId;
          } while (start);
        }
        const passNumber = ++pass;
        let found = 0;
        let forConsumers = 0;
        let behind = false;
        for (const shard of shards.values()) {
          // A child shard's records come after its parent's.
          if (shard.closed || (shard.parent && shards.get(shard.parent)?.closed === false)) continue;
          // Read ahead only so far: the lanes take what was read first.
          await until(() => consumers.every((entry) => waitingIn(entry) < entry.readAhead));
          if (stopped) return;
          shard.iterator ??= (
            await streams.send(
              new GetShardIteratorCommand({
                StreamArn: streamArn,
                ShardId: shard.id,
                ...(shard.lastRead
                  ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: shard.lastRead }
                  : { ShardIteratorType: 'TRIM_HORIZON' }),
              }),
            )
          ).ShardIterator;
          let result;
          try {
            result = await streams.send(
              new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: READ_LIMIT }),
            );
          } catch (error) {
            if (!(error instanceof ExpiredIteratorException)) throw error;
            // Asked for again, after the last record read.
            shard.iterator = undefined;
            continue;
          }
          const records = result.Records ?? [];
          shard.iterator = result.NextShardIterator;
          if (!shard.iterator) shard.closed = shardClosed = true;
          if (records.length === 0) continue;
          shard.lastRead = records.at(-1)!.dynamodb?.SequenceNumber;
          found += records.length;
          if (records.length >= READ_LIMIT) behind = true;
          // Handed to the lanes as soon as read; a lane starts its batch at once (or after the
          // consumer's batching window, when it has one and the batch is not full).
          forConsumers += enqueue(records, streamArn);
        }
        if (found === 0) {
          // Everything written before these waiters came has been read: they are settled once the
          // lanes are done with it (the reading goes on meanwhile).
          const ready = waiters.filter((waiter) => waiter.after < passNumber);
          waiters = waiters.filter((waiter) => waiter.after >= passNumber);
          if (ready.length) {
            const given = givenSoFar();
            void until(() => doneWith(given)).then(() => {
              for (const waiter of ready) waiter.resolve();
            });
          }
          await idle();
        } else if (forConsumers === 0 && !behind) {
          // Only changes no consumer takes (rooms, sessions, plays, the index's own items): like the
          // mapping, which polls a shard a few times a second, wait before reading on instead of
          // spinning on the emulator while a busy table writes.
          await idle();
        }
      } catch (error) {
        if (stopped) return;
        options.log(`[streams] polling ${options.tableName} failed, trying again: ${String(error)}`);
        for (const shard of shards.values()) shard.iterator = undefined;
        await sleep(1000);
      }
    }
  }

  let finished = false;
  const running = run().finally(() => {
    finished = true;
    for (const waiter of waiters) waiter.resolve();
  });
  return {
    settled: () => {
      if (finished) return Promise.resolve();
      const settled = new Promise<void>((resolve) => waiters.push({ after: pass, resolve }));
      wakeIdle?.();
      return settled;
    },
    stop: async () => {
      stopped = true;
      for (const wake of [...sleepers]) wake();
      wakeIdle?.();
      changed();
      await running;
      // Batches under way finish; records still waiting are dropped, as a stopped mapping leaves them.
      await Promise.all(
        consumers.flatMap((entry) =>
          entry.lanes.map((lane) => {
            if (lane.window) clearTimeout(lane.window);
            return lane.working;
          }),
        ),
      );
      dynamo.destroy();
      streams.destroy();
    },
  };
}
