import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { getConfig } from '../lib/config';
import { createLogger, withRequestLog } from '../lib/logger';
import * as z from 'zod';
import { classTickSchema, type ClassTick } from '../classroom/class-clock';
import { classTick } from '../classroom/class-play';
import { closeUnjoinedGuest } from '../connections/guest';
import { advance, giveUpSeat } from '../multiplayer/game';
import { tickSchema, type Tick } from '../multiplayer/rules';

/**
 * The game clock's consumer: a delayed message ends a room's phase (a question nobody finished,
 * the countdown, the results, the podium), ends a question whose dropped player's grace ran out
 * when everyone else has answered, gives up a seat kept for a rejoin, or closes a socket opened
 * without a session that joined no class game in time (functions/connections/guest.ts). A tick for a step
 * already ended, repeated or late, changes nothing; a tick that fails is retried by the queue
 * (and lands in the dead-letter queue after three tries). A message the tick schema refuses is
 * logged and dropped: no later try can make it valid. Class games' ticks (a question's deadline,
 * a game's two-hour end: functions/classroom/class-clock.ts) share the queue.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      // The message id is the request id of a tick: every line of its work carries it.
      const log = createLogger(
        {
          requestId: record.messageId,
          route: 'tick',
          receiveCount: record.attributes.ApproximateReceiveCount,
        },
        getConfig().logLevel,
      );
      await withRequestLog(log, async (log) => {
        const tick = parseTick(record.body);
        if (!tick) {
          log.error('malformed tick dropped', { body: record.body.slice(0, 500) });
          return;
        }
        try {
          if (tick.kind === 'class_deadline' || tick.kind === 'class_end') {
            await classTick(tick, log);
            log.info('tick', { kind: tick.kind, gameId: tick.gameId });
            return;
          }
          if (tick.kind === 'phase') await advance(tick.roomId, tick.step, log, { early: 'wait' });
          else if (tick.kind === 'answers') await advance(tick.roomId, tick.step, log, { early: 'advance' });
          else if (tick.kind === 'seat') await giveUpSeat(tick.roomId, tick.userId, tick.leftAt, log);
          else await closeUnjoinedGuest(tick.connectionId, log);
          log.info('tick', {
            kind: tick.kind,
            ...('roomId' in tick ? { roomId: tick.roomId } : { connectionId: tick.connectionId }),
          });
        } catch (error) {
          log.error('tick failed', { error });
          failures.push({ itemIdentifier: record.messageId });
        }
      });
    }),
  );
  return { batchItemFailures: failures };
};

/** The rooms' ticks and the class games'. */
const anyTickSchema = z.discriminatedUnion('kind', [...tickSchema.options, ...classTickSchema.options]);

function parseTick(body: string): Tick | ClassTick | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = anyTickSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
