import { deleteItems } from '../data/batch';
import { db } from '../data/db';
import { ConditionsFailed, ignoreConditionFailed, isConditionFailed } from '../data/errors';
import type { Logger } from '../lib/logger';
import { queryAll, queryPages, scanPages } from '../data/paginate';
import { ttlFromDate } from '../data/table';
import { transactWrite, type NamedItem } from '../data/transact';
import { userKey, UserKeys } from '../users/user-keys';
import { LIVE_ACCOUNT } from '../users/user-store';
import { AnswerEventKeys, DailyStatsKeys, LearningSummaryKeys, PlayClaimKeys } from './learning-keys';
import { summaryMayHold, type Summary } from './dashboard-policy';
import { eventDay, pairAttributes, playEventKey, type AnswerEvent, type Counts } from './event-policy';

/**
 * The answer events (`LEARNEV#<answeredAt>#<eventId>`), the plays' claims (`LEARNPLAY#<playId>`)
 * and the day's counters (`DAILY#<day>`) they are added to, all in the member's partition (which
 * account deletion empties). What an event counts is event-policy.ts's; the consumer that adds
 * them is recorder.ts. The items of this module carry no index keys: every index write would be
 * one more write unit for each answer (docs/decisions.md "Issue 29": at most 5 an answer).
 */

const YEAR_MS = 365 * 86_400_000;
/**
 * A play's claims are needed while its checks and its finish can still arrive, or be added again
 * by a backfill (`npm run learning:backfill`, within this time).
 */
export const PLAY_CLAIM_DAYS = 30;
const PLAY_CLAIM_MS = PLAY_CLAIM_DAYS * 86_400_000;

export function answerEventItem(event: AnswerEvent) {
  const { userId, eventId, answeredAt, ...fields } = event;
  return {
    ...AnswerEventKeys.key({ userId, answeredAt, eventId }),
    userId,
    eventId,
    answeredAt,
    ...fields,
    ttl: ttlFromDate(new Date(Date.parse(answeredAt) + YEAR_MS)),
  };
}

/** The event as an item of the answer's own transaction (written with the answer, or not at all). */
export const answerEventPut = (event: AnswerEvent): NamedItem => ({
  Put: { Item: answerEventItem(event), ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Writes an event on its own (after the answer stood); the same event written twice is one. */
export async function putAnswerEvent(event: AnswerEvent): Promise<void> {
  await db
    .put({ Item: answerEventItem(event), ConditionExpression: 'attribute_not_exists(pk)' })
    .catch(ignoreConditionFailed);
}

/** Whether the account may still be written (not deleted, its deletion not begun). */
export async function accountIsLive(userId: string): Promise<boolean> {
  const { Item } = await db.get({
    Key: userKey(userId),
    ConsistentRead: true,
    ProjectionExpression: 'pk, deletingAt',
  });
  return Boolean(Item && !Item.deletingAt);
}

/**
 * Removes answer events of an account that is not live (written by a reveal or a check under way
 * as its deletion began, after the deletion took the partition): nothing of it stays behind.
 */
export const deleteAnswerEvents = (events: readonly AnswerEvent[]) =>
  deleteItems(events.map((event) => AnswerEventKeys.key(event)));

/** The day's counters grown by `counts`, in the event's category × difficulty too, as a transaction item. */
function dayAddition(event: AnswerEvent, counts: Counts): NamedItem {
  const day = eventDay(event);
  const pair = pairAttributes(event.category, event.difficulty);
  return {
    Update: {
      Key: DailyStatsKeys.key({ userId: event.userId, day }),
      UpdateExpression: [
        'ADD questionsAnswered :answered, correctAnswers :correct, quizzesCompleted :quizzes, timeSpent :time,',
        '#pairAnswered :answered, #pairCorrect :correct',
        'SET #date = :day',
        counts.answered > 0 ? ', #pairLast = :at' : '',
      ].join(' '),
      ExpressionAttributeNames: {
        '#date': 'date',
        '#pairAnswered': pair.answered,
        '#pairCorrect': pair.correct,
        ...(counts.answered > 0 ? { '#pairLast': pair.last } : {}),
      },
      ExpressionAttributeValues: {
        ':answered': counts.answered,
        ':correct': counts.correct,
        ':quizzes': counts.quizzes,
        ':time': counts.timeSpent,
        ':day': day,
        ...(counts.answered > 0 ? { ':at': event.answeredAt } : {}),
      },
    },
  };
}

/**
 * Adds an event outside a play to its day, once: the event is marked `applied` in the same
 * transaction, on the condition that it was not (a batch delivered again finds it marked) and
 * still exists (account deletion took it). Answers whether it was added now.
 */
export async function addEventOnce(event: AnswerEvent, counts: Counts, now: Date): Promise<boolean> {
  try {
    await transactWrite([
      {
        name: 'event',
        Update: {
          Key: AnswerEventKeys.key(event),
          UpdateExpression: 'SET applied = :now',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(applied)',
          ExpressionAttributeValues: { ':now': now.toISOString() },
        },
      },
      dayAddition(event, counts),
      ...summaryInvalidation(event, now),
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionsFailed) return false;
    throw error;
  }
}

export interface PlayClaim {
  claimed: Set<string>;
  events: Set<string>;
  version: number;
}

/** A play's claims as they stand (strongly consistent: their version is the next write's condition). */
export async function readPlayClaim(userId: string, playId: string): Promise<PlayClaim> {
  const { Item } = await db.get({ Key: PlayClaimKeys.key({ userId, playId }), ConsistentRead: true });
  return {
    claimed: new Set((Item?.claimed as Set<string> | undefined) ?? []),
    events: new Set((Item?.events as Set<string> | undefined) ?? []),
    version: Number(Item?.version ?? 0),
  };
}

/**
 * Adds a play's event to its day, on the condition that the play's claims are still the version
 * read (else `ConditionsFailed` naming `claim`: read again) and that the event still exists (else
 * naming `event`: account deletion took it, and nothing may be written back into the emptied
 * partition): the questions it counts join the claims and the event joins the play's counted
 * events, in the transaction of the day's counters.
 */
export async function addPlayEvent(
  event: AnswerEvent & { playId: string },
  read: PlayClaim,
  claims: readonly string[],
  counts: Counts,
  now: Date,
): Promise<void> {
  const key = PlayClaimKeys.key({ userId: event.userId, playId: event.playId });
  await transactWrite([
    {
      name: 'event',
      ConditionCheck: { Key: AnswerEventKeys.key(event), ConditionExpression: 'attribute_exists(pk)' },
    },
    {
      name: 'claim',
      Update: {
        Key: key,
        UpdateExpression: `ADD version :one, events :event${claims.length ? ', claimed :claims' : ''} SET #ttl = :ttl`,
        ConditionExpression: read.version === 0 ? 'attribute_not_exists(version)' : 'version = :read',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':event': new Set([playEventKey(event)]),
          ...(claims.length ? { ':claims': new Set(claims) } : {}),
          ':ttl': ttlFromDate(new Date(now.getTime() + PLAY_CLAIM_MS)),
          ...(read.version === 0 ? {} : { ':read': read.version }),
        },
      },
    },
    dayAddition(event, counts),
    ...summaryInvalidation(event, now),
  ]);
}

/**
 * An event of a day the dashboard's summary may hold (a backfill's, or one the stream handed over
 * late) marks the summary stale in the transaction that adds it, and moves its version on: the
 * next dashboard read rebuilds it, and a rebuild that read the days before this does not keep its
 * summary (its write is conditional on the version it read).
 */
function summaryInvalidation(event: AnswerEvent, now: Date): NamedItem[] {
  if (!summaryMayHold(eventDay(event), now)) return [];
  return [
    {
      Update: {
        Key: LearningSummaryKeys.key({ userId: event.userId }),
        UpdateExpression: 'SET stale = :stale ADD version :one',
        ExpressionAttributeValues: { ':stale': true, ':one': 1 },
      },
    },
  ];
}

export interface DayItem {
  date: string;
  questionsAnswered?: number;
  correctAnswers?: number;
  quizzesCompleted?: number;
  timeSpent?: number;
  [attribute: string]: unknown;
}

/** Every day of the member with records, oldest first (one item a day of activity). */
export const listDays = (userId: string) =>
  queryAll<DayItem>({ partition: UserKeys.pk({ userId }), beginsWith: DailyStatsKeys.skPrefix() });

/** The member's days after `day`, oldest first. */
export const listDaysAfter = (userId: string, day: string) =>
  queryAll<DayItem>({
    partition: UserKeys.pk({ userId }),
    // `DAILY#<day>~` sorts after the day's own key and before the next day's.
    between: [`${DailyStatsKeys.sk({ day })}~`, `${DailyStatsKeys.skPrefix()}~`],
  });

/** The dashboard's summary as kept: the summary (none when stale or never built) and its version. */
export interface KeptSummary {
  summary: Summary | undefined;
  /** The version the summary item had (undefined: no item); a rebuild is kept only over it. */
  version: number | undefined;
}

/** The dashboard's summary of the days up to its `through` day, if there is a fresh one. */
export async function readSummary(userId: string): Promise<KeptSummary> {
  const { Item } = await db.get({ Key: LearningSummaryKeys.key({ userId }) });
  if (!Item) return { summary: undefined, version: undefined };
  const version = Number(Item.version ?? 0);
  if (Item.stale || !Item.through) return { summary: undefined, version };
  return {
    summary: {
      through: String(Item.through),
      days: String(Item.days ?? ''),
      pairs: (Item.pairs ?? {}) as Summary['pairs'],
    },
    version,
  };
}

/**
 * Keeps a rebuilt summary, unless an old day was added since the summary item was read (its
 * version moved on): the days this summary was built from may miss it, and the next read rebuilds.
 * The summary is a cache: no failure to keep it may fail the dashboard (a `TransactionConflict`
 * with the consumer's transaction that marks it stale, throttling, anything), so every error is
 * logged at warn and the next read rebuilds.
 */
export async function writeSummary(
  userId: string,
  summary: Summary,
  read: KeptSummary,
  log: Pick<Logger, 'warn'>,
): Promise<void> {
  const version = read.version ?? 0;
  try {
    // With the account's guard: a dashboard read under way as the account's deletion began
    // re-creates no summary after the deletion took it.
    await transactWrite([
      {
        name: 'summary',
        Put: {
          Item: { ...LearningSummaryKeys.key({ userId }), ...summary, version },
          ...(read.version === undefined
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : {
                ConditionExpression: 'version = :version',
                ExpressionAttributeValues: { ':version': version },
              }),
        },
      },
      { name: 'account', ConditionCheck: { Key: userKey(userId), ConditionExpression: LIVE_ACCOUNT } },
    ]);
  } catch (error) {
    // A failed condition: another read kept one, an old day came since, or the account is being
    // deleted (all expected).
    if (error instanceof ConditionsFailed || isConditionFailed(error)) return;
    log.warn('keeping the learning summary failed', { error });
  }
}

/**
 * The member's answer events, newest first, a page at a time, until `enough` says the events so
 * far are enough or `maxItems` were read.
 */
export async function latestEvents(
  userId: string,
  enough: (events: readonly AnswerEvent[]) => boolean,
  maxItems: number,
): Promise<AnswerEvent[]> {
  const events: AnswerEvent[] = [];
  for await (const page of queryPages<AnswerEvent>(
    { partition: UserKeys.pk({ userId }), beginsWith: AnswerEventKeys.skPrefix(), newestFirst: true },
    { maxItems, pageSize: (page) => (page === 0 ? 200 : 1000) },
  )) {
    events.push(...page);
    if (enough(events)) break;
  }
  return events;
}

/** Every answer event of the table answered since `since` (ISO), a page at a time. Scans: operator scripts only. */
export const answerEventPages = (since: string) =>
  scanPages<AnswerEvent>({
    FilterExpression: 'begins_with(sk, :kind) AND answeredAt >= :since',
    ExpressionAttributeValues: { ':kind': AnswerEventKeys.skPrefix(), ':since': since },
  });
