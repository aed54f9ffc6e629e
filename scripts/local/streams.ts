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
 * - records of one item go to one of `parallelizationFactor` lanes and stay in order; the next
 *   records are read once every batch of the last read is done;
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
  /** Pause before a shard with nothing new is read again. */
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

/** The mapping's filter (infra: `dynamodb.Keys.pk` begins with, `dynamodb.Keys.sk` equals). */
const passes = (consumer: StreamConsumer, record: StreamRecord) => {
  const keys = record.dynamodb?.Keys;
  return Boolean(keys?.pk?.S?.startsWith(consumer.keys.pkPrefix) && keys?.sk?.S === consumer.keys.sk);
};

/** The lane of an item: the same item always goes to the same lane. */
const laneOf = (record: StreamRecord, lanes: number) =>
  createHash('md5')
    .update(`${record.dynamodb?.Keys?.pk?.S}\u0000${record.dynamodb?.Keys?.sk?.S}`)
    .digest()
    .readUInt32BE(0) % lanes;

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
  const idleMs = options.idleMs ?? 100;
  /** Records that fill a batch in every lane of every consumer. */
  const fullBatch = Math.max(
    ...options.consumers.map((consumer) => consumer.batchSize * consumer.parallelizationFactor),
  );
  const retryDelayMs = options.retryDelayMs ?? 200;
  const config = { endpoint: options.endpoint, region, credentials };
  const dynamo = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  let stopped = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((done) => {
      const timer = setTimeout(done, ms);
      wake = () => {
        clearTimeout(timer);
        done();
      };
    });

  /** Waiters of `settled()`: each resolves after a whole pass that began after it and found nothing new. */
  let waiters: { after: number; resolve: () => void }[] = [];
  let pass = 0;

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

  async function dispatch(records: StreamRecord[], streamArn: string) {
    await Promise.all(
      options.consumers.map(async (consumer) => {
        const lanes: LambdaStreamRecord[][] = Array.from(
          { length: consumer.parallelizationFactor },
          () => [],
        );
        for (const record of records)
          if (passes(consumer, record))
            lanes[laneOf(record, lanes.length)]!.push(toLambdaRecord(record, streamArn));
        await Promise.all(
          lanes.map(async (lane) => {
            for (let start = 0; start < lane.length; start += consumer.batchSize)
              await deliver(consumer, lane.slice(start, start + consumer.batchSize));
          }),
        );
      }),
    );
  }

  async function streamArnOf(): Promise<string | undefined> {
    const table = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
    return table.Table?.LatestStreamArn;
  }

  interface Shard {
    id: string;
    parent?: string;
    iterator?: string;
    lastSequence?: string;
    closed: boolean;
  }

  /** The records being handed to the consumers: the next read waits for the ones before. */
  let handing: Promise<void> = Promise.resolve();

  async function run() {
    let streamArn: string | undefined;
    const shards = new Map<string, Shard>();
    let lastListing = 0;
    while (!stopped) {
      try {
        streamArn ??= await streamArnOf();
        if (!streamArn) {
          options.log(`[streams] table ${options.tableName} has no stream; nothing to poll`);
          return;
        }
        // New shards appear as old ones close: look for them now and then.
        if (Date.now() - lastListing > 1000 || [...shards.values()].every((shard) => shard.closed)) {
          lastListing = Date.now();
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
        for (const shard of shards.values()) {
          // A child shard's records come after its parent's.
          if (shard.closed || (shard.parent && shards.get(shard.parent)?.closed === false)) continue;
          shard.iterator ??= (
            await streams.send(
              new GetShardIteratorCommand({
                StreamArn: streamArn,
                ShardId: shard.id,
                ...(shard.lastSequence
                  ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: shard.lastSequence }
                  : { ShardIteratorType: 'TRIM_HORIZON' }),
              }),
            )
          ).ShardIterator;
          // Like the mapping, read on until a batch is full for every lane, the shard has nothing
          // more, or a second has gone by: the consumers' own writes fill the stream too.
          const records: StreamRecord[] = [];
          let passing = 0;
          const readingSince = Date.now();
          for (;;) {
            let result;
            try {
              result = await streams.send(
                new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: 1000 }),
              );
            } catch (error) {
              if (!(error instanceof ExpiredIteratorException)) throw error;
              // Asked for again, after the last record handed over.
              shard.iterator = undefined;
              break;
            }
            const page = result.Records ?? [];
            records.push(...page);
            passing += page.filter((record) =>
              options.consumers.some((consumer) => passes(consumer, record)),
            ).length;
            shard.iterator = result.NextShardIterator;
            if (!shard.iterator) shard.closed = true;
            if (
              page.length === 0 ||
              !shard.iterator ||
              passing >= fullBatch ||
              records.length >= 20 * 1000 ||
              Date.now() - readingSince > 1000
            )
              break;
          }
          found += records.length;
          forConsumers += passing;
          if (records.length) {
            // Handed over after the records before them; the next ones are read meanwhile.
            const previous = handing;
            const last = records.at(-1)!.dynamodb?.SequenceNumber;
            const arn = streamArn;
            handing = previous
              .then(() => dispatch(records, arn))
              .then(() => {
                shard.lastSequence = last;
              })
              .catch((error: unknown) =>
                options.log(`[streams] handing records over failed: ${String(error)}`),
              );
            await previous;
          }
        }
        if (found === 0) {
          await handing;
          const ready = waiters.filter((waiter) => waiter.after < passNumber);
          waiters = waiters.filter((waiter) => waiter.after >= passNumber);
          for (const waiter of ready) waiter.resolve();
          await sleep(idleMs);
        } else if (forConsumers === 0) {
          // Only changes no consumer takes (rooms, sessions, plays): like the mapping, which polls
          // a shard a few times a second, wait before reading on instead of spinning on the
          // emulator while a busy table writes.
          await sleep(idleMs);
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
    settled: () =>
      finished ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ after: pass, resolve })),
    stop: async () => {
      stopped = true;
      wake?.();
      await running;
      await handing;
      dynamo.destroy();
      streams.destroy();
    },
  };
}
