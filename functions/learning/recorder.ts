import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { ConditionsFailed } from '../data/errors';
import { backoffMs, pause, RETRY } from '../data/retry';
import { itemOfImage } from '../data/stream-image';
import { currentTime } from '../lib/clock';
import { getConfig } from '../lib/config';
import { createLogger, withRequestLog } from '../lib/logger';
import { addsNothing, eventCounts, playEventCounts, playEventKey, type AnswerEvent } from './event-policy';
import { accountIsLive, addEventOnce, addPlayEvent, deleteAnswerEvents, readPlayClaim } from './event-store';

/** The events one play's claims keep at most: 100 questions' checks and a few finishes. */
export const PLAY_EVENTS_MAX = 120;

/**
 * The learning records consumer: the table stream's consumer (route table `streamConsumers`) fed
 * the answer events (`USER#…` / `LEARNEV#…`) as they are inserted. Each event is added to its
 * day's counters exactly once, however often the stream hands it over:
 * - an event outside a play is marked `applied` in the transaction that adds it;
 * - an event of a solo play (its checks and its finish carry the page's play id) adds, in one
 *   transaction with the play's claims (their version read, the condition), only the questions
 *   the play has not counted yet, and its event id joins the claims: an event seen again adds nothing;
 * - an event whose item is gone (account deletion took it) adds nothing, either way.
 * The answer that wrote the event stood already: when this fails the batch is retried (split in
 * halves) and the records catch up; nothing here can make an answer fail.
 */
export async function recordAnswerEvent(event: AnswerEvent, now = currentTime()): Promise<boolean> {
  if (!event.playId) return addEventOnce(event, eventCounts(event), now);
  const playEvent = { ...event, playId: event.playId };
  for (let attempt = 1; ; attempt++) {
    const claim = await readPlayClaim(event.userId, event.playId);
    if (claim.events.has(playEventKey(event))) return false;
    // A play has at most a check a question and its finish: a play id the page sent again and again
    // (the client chooses it) counts as no play rather than growing one item without end.
    if (claim.events.size >= PLAY_EVENTS_MAX) return addEventOnce(event, eventCounts(event), now);
    const { claims, counts } = playEventCounts(event, claim.claimed);
    if (addsNothing(counts)) return false;
    try {
      await addPlayEvent(playEvent, claim, claims, counts, now);
      return true;
    } catch (error) {
      // The event is gone (the account was deleted meanwhile): it adds nothing, for good.
      if (error instanceof ConditionsFailed && error.has('event')) return false;
      // Another event of the play was counted since the claims were read: read them again.
      if (!(error instanceof ConditionsFailed && error.has('claim')) || attempt >= RETRY.attempts)
        throw error;
      await pause(backoffMs(attempt));
    }
  }
}

const isAnswerEvent = (item: Partial<AnswerEvent> | undefined): item is AnswerEvent =>
  Boolean(item?.userId && item.eventId && item.answeredAt && item.kind);

export const handler = async (event: DynamoDBStreamEvent, context?: Context): Promise<void> => {
  const requestId = context?.awsRequestId ?? event.Records[0]?.eventID ?? 'stream-batch';
  const log = createLogger({ requestId, route: 'learning-records' }, getConfig().logLevel);
  await withRequestLog(log, async (log) => {
    const events = event.Records.filter((record) => record.eventName === 'INSERT')
      .map((record) => itemOfImage<AnswerEvent>(record.dynamodb?.NewImage))
      .filter(isAnswerEvent);
    const byMember = new Map<string, AnswerEvent[]>();
    for (const answer of events)
      byMember.set(answer.userId, [...(byMember.get(answer.userId) ?? []), answer]);
    let added = 0;
    let skipped = 0;
    for (const [userId, answers] of byMember) {
      // A deleted account's events are not added (its day items would outlive it), and are
      // removed: written after its deletion took the partition, they would outlive it too.
      if (!(await accountIsLive(userId))) {
        await deleteAnswerEvents(answers);
        skipped += answers.length;
        continue;
      }
      for (const answer of answers) {
        if (await recordAnswerEvent(answer)) added++;
        else skipped++;
      }
    }
    log.info('learning records updated', { records: event.Records.length, added, skipped });
  });
};
