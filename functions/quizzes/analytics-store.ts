import { batchGetAll, deleteItems, type ItemKey } from '../data/batch';
import { addCounters } from '../data/counters';
import { db } from '../data/db';
import { isConditionFailed } from '../data/errors';
import { TALLY_FIELDS, type AnswerTally, type PlayTotals } from './analytics-policy';
import { AnalyticsPlayerKeys, QuestionStatsKeys, QuizStatsKeys } from './analytics-keys';
import { quizKey } from './quiz-keys';

/**
 * A quiz's analytics in the table (analytics-keys.ts): one small item per question version, one
 * for the quiz's multiplayer plays and a mark per person counted, in the quiz's partition, and the
 * solo plays' totals on the quiz item itself. Every count grows by `ADD` outside the play's
 * transaction: any number of players add at once without conflicts (a transaction on one item
 * that a whole class writes would cancel their plays: docs/decisions.md "Issue 28: the load's cost
 * per call"), each question one write unit.
 */

/** Adds one question version's tally (only the fields that grow). */
async function addTally(quizId: string, version: string, tally: AnswerTally) {
  const fields = TALLY_FIELDS.filter((field) => tally[field] > 0);
  if (fields.length === 0) return;
  await db.update({
    Key: QuestionStatsKeys.key({ quizId, version }),
    ...addCounters(Object.fromEntries(fields.map((field) => [field, tally[field]]))),
  });
}

/** Adds the tallies of some question versions (in parallel); answers the keys of the counters written. */
export async function addTallies(
  quizId: string,
  tallies: readonly { version: string; tally: AnswerTally }[],
): Promise<ItemKey[]> {
  await Promise.all(tallies.map(({ version, tally }) => addTally(quizId, version, tally)));
  return tallies.map(({ version }) => QuestionStatsKeys.key({ quizId, version }));
}

/**
 * Marks the person (by their analytics pseudonym) as counted among the quiz's players; answers
 * whether they were new. One write unit: no user id and no owner-index entry.
 */
export async function markPlayer(quizId: string, analyticsId: string, at: string): Promise<boolean> {
  try {
    await db.put({
      Item: { ...AnalyticsPlayerKeys.key({ quizId, analyticsId }), firstAt: at },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** The key of a person's player mark (to take it back when the quiz refuses their play). */
export const playerMarkKey = (quizId: string, analyticsId: string) =>
  AnalyticsPlayerKeys.key({ quizId, analyticsId });

/** The quiz item's fields that hold the solo plays' totals. */
const SOLO_TOTALS = {
  plays: 'analyticsPlays',
  players: 'analyticsPlayers',
  scoreSum: 'analyticsScoreSum',
} as const satisfies Record<keyof PlayTotals, string>;

/**
 * What a finished solo play adds to its quiz item, in the `ADD` that already counts the play
 * there (attempt-store.ts `countPlay`): so the play's totals cost no write of their own. A field
 * that would grow by nothing is left out (an `ADD` of 0 would still create it).
 */
export function soloTotalsAddition(totals: PlayTotals): Record<string, number> {
  return Object.fromEntries(
    (Object.keys(SOLO_TOTALS) as (keyof PlayTotals)[])
      .filter((field) => totals[field] !== 0)
      .map((field) => [SOLO_TOTALS[field], totals[field]]),
  );
}

/**
 * Removes what was just added when the quiz is being deleted or gone: its deletion marks it
 * `deleting` before it reads its partition, so what was added before this read is either deleted
 * by it or found here, never left behind.
 */
async function unlessQuizGone(quizId: string, written: readonly ItemKey[]) {
  const { Item } = await db.get({
    Key: quizKey(quizId),
    ConsistentRead: true,
    ProjectionExpression: '#status',
    ExpressionAttributeNames: { '#status': 'status' },
  });
  if (Item?.status !== 'active') await deleteItems(written);
}

/**
 * Counts a multiplayer reveal's tallies or a finished game's plays: each question version's
 * tally, the plays, their scores (hundredths of a percent) and the people counted for the first
 * time (a play without a pseudonym, of an account gone, counts as a play only).
 */
export async function addPlays(
  quizId: string,
  plays: readonly { analyticsId: string | undefined; score: number }[],
  tallies: readonly { version: string; tally: AnswerTally }[],
  at: string,
): Promise<void> {
  const marked = plays.flatMap((play) => (play.analyticsId ? [play.analyticsId] : []));
  const [newPlayers, written] = await Promise.all([
    Promise.all(marked.map((analyticsId) => markPlayer(quizId, analyticsId, at))),
    addTallies(quizId, tallies),
  ]);
  if (plays.length > 0) {
    await db.update({
      Key: QuizStatsKeys.key({ quizId }),
      UpdateExpression: 'ADD plays :plays, players :players, scoreSum :scoreSum',
      ExpressionAttributeValues: {
        ':plays': plays.length,
        ':players': newPlayers.filter(Boolean).length,
        ':scoreSum': plays.reduce((sum, play) => sum + play.score, 0),
      },
    });
    written.push(
      QuizStatsKeys.key({ quizId }),
      ...marked.map((analyticsId) => playerMarkKey(quizId, analyticsId)),
    );
  }
  if (written.length > 0) await unlessQuizGone(quizId, written);
}

/**
 * The quiz's play totals (its item's solo totals, as the caller read it, plus its games') and the
 * tallies of the given question versions: one batch read (≤ 51 items).
 */
export async function readAnalytics(
  quiz: Readonly<{ id: string }>,
  versions: readonly string[],
): Promise<{ totals: PlayTotals; tallies: Map<string, AnswerTally> }> {
  const quizId = quiz.id;
  const items = await batchGetAll<Record<string, unknown>>([
    QuizStatsKeys.key({ quizId }),
    ...versions.map((version) => QuestionStatsKeys.key({ quizId, version })),
  ]);
  const count = (item: Readonly<Record<string, unknown>> | undefined, field: string) =>
    Number(item?.[field] ?? 0);
  const gamesItem = items.find((item) => item.sk === QuizStatsKeys.sk());
  const tallies = new Map<string, AnswerTally>();
  const prefix = QuestionStatsKeys.skPrefix();
  for (const item of items) {
    const sk = String(item.sk);
    if (!sk.startsWith(prefix)) continue;
    tallies.set(
      sk.slice(prefix.length),
      Object.fromEntries(TALLY_FIELDS.map((field) => [field, count(item, field)])) as unknown as AnswerTally,
    );
  }
  const total = (field: keyof PlayTotals) =>
    count(gamesItem, field) + count(quiz as Readonly<Record<string, unknown>>, SOLO_TOTALS[field]);
  return {
    totals: { plays: total('plays'), players: total('players'), scoreSum: total('scoreSum') },
    tallies,
  };
}
