import { batchGetAll, deleteItems, type ItemKey } from '../data/batch';
import { db } from '../data/db';
import { isConditionFailed } from '../data/errors';
import { TALLY_FIELDS, type AnswerTally, type PlayTotals } from './analytics-policy';
import { AnalyticsPlayerKeys, QuestionStatsKeys, QuizStatsKeys } from './analytics-keys';
import { quizKey } from './quiz-keys';

/**
 * A quiz's analytics in the table (analytics-keys.ts): one small item per question version and one
 * for the quiz's plays, in the quiz's partition. Every count grows by `ADD` outside the play's
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
    UpdateExpression: `ADD ${fields.map((field, index) => `#f${index} :v${index}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(fields.map((field, index) => [`#f${index}`, field])),
    ExpressionAttributeValues: Object.fromEntries(fields.map((field, index) => [`:v${index}`, tally[field]])),
  });
}

/** Marks the person as counted among the quiz's players; answers whether they were new. */
async function markPlayer(quizId: string, userId: string, at: string): Promise<boolean> {
  try {
    await db.put({
      Item: {
        ...AnalyticsPlayerKeys.key({ quizId, userId }),
        userId,
        firstAt: at,
        ...AnalyticsPlayerKeys.owner({ userId, quizId }),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
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
 * Counts finished plays of a quiz: each question version's tally, the quiz's plays, their scores
 * (hundredths of a percent) and the people playing it for the first time.
 */
export async function addPlays(
  quizId: string,
  plays: readonly {
    userId: string;
    score: number;
    /**
     * False for a solo play of a person who played the quiz solo before: already counted among
     * its players, so their mark is not written again (a write unit saved).
     */
    firstSolo?: boolean;
  }[],
  tallies: readonly { version: string; tally: AnswerTally }[],
  at: string,
): Promise<void> {
  const [newPlayers] = await Promise.all([
    Promise.all(plays.map((play) => play.firstSolo !== false && markPlayer(quizId, play.userId, at))),
    ...tallies.map(({ version, tally }) => addTally(quizId, version, tally)),
  ]);
  const written: ItemKey[] = tallies.map(({ version }) => QuestionStatsKeys.key({ quizId, version }));
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
    written.push(QuizStatsKeys.key({ quizId }));
    written.push(
      ...plays
        .filter((play) => play.firstSolo !== false)
        .map((play) => AnalyticsPlayerKeys.key({ quizId, userId: play.userId })),
    );
  }
  if (written.length > 0) await unlessQuizGone(quizId, written);
}

/** The quiz's play totals and the tallies of the given question versions: one batch read (≤ 51 items). */
export async function readAnalytics(
  quizId: string,
  versions: readonly string[],
): Promise<{ totals: PlayTotals; tallies: Map<string, AnswerTally> }> {
  const items = await batchGetAll<Record<string, unknown>>([
    QuizStatsKeys.key({ quizId }),
    ...versions.map((version) => QuestionStatsKeys.key({ quizId, version })),
  ]);
  const count = (item: Record<string, unknown> | undefined, field: string) => Number(item?.[field] ?? 0);
  const totalsItem = items.find((item) => item.sk === QuizStatsKeys.sk());
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
  return {
    totals: {
      plays: count(totalsItem, 'plays'),
      players: count(totalsItem, 'players'),
      scoreSum: count(totalsItem, 'scoreSum'),
    },
    tallies,
  };
}
