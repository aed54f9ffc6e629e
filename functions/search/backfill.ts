import { writeItems, type ItemKey } from '../data/batch';
import { db } from '../data/db';
import { japanDate } from '../lib/japan-time';
import { daysThisWeek } from '../quizzes/featured-policy';
import { recountDailyPlayers } from '../quizzes/featured-store';
import { QuizKeys, quizKey } from '../quizzes/quiz-keys';
import { gramId, textGrams } from './grams';
import {
  applyIndexWrites,
  indexedText,
  indexWrites,
  parsePosting,
  rankEntriesOf,
  type IndexedQuiz,
} from './search-index';
import { RankKeys } from './search-keys';
import { migrationRan, recordMigration } from '../users/migration-store';
import { indexItemPages, quizAndAttemptPages } from './search-store';
import { isPubliclyVisible } from '../quizzes/quiz-policy';

/**
 * Builds the search index and this week's play counts from the table as it is (docs/search.md
 * "Backfill"): for data written before the table had its stream and the indexer (the seed runs it
 * once per table, a migration marker records it), and as a repair (`npm run search:backfill`),
 * say after the indexer's on-failure queue received a batch. Scans, so never on a request path.
 *
 * Safe to run again and alongside traffic: it writes every public quiz's postings and ranking
 * entries as they should be (whole items: writing one twice changes nothing), sets each day's
 * play count to the attempts it finds unless live plays have counted more, and removes an index
 * item only when the quiz, read again at that moment, says it should not be there.
 */
export interface BackfillReport {
  quizzes: number;
  publicQuizzes: number;
  written: number;
  removed: number;
  dailyCounts: number;
}

const MARKER = 'search-index';

/** The backfill once per table (the seed): a marker item records that it ran. */
export async function backfillSearchOnce(): Promise<BackfillReport | undefined> {
  if (await migrationRan(MARKER)) return undefined;
  const report = await backfillSearch();
  await recordMigration(MARKER);
  return report;
}

export async function backfillSearch(
  log: (line: string) => void = () => undefined,
  now = new Date(),
): Promise<BackfillReport> {
  // 1. The quizzes, and this week's attempts.
  const quizzes = new Map<string, IndexedQuiz>();
  const week = new Set(daysThisWeek(now));
  const players = new Map<string, Set<string>>();
  for await (const page of quizAndAttemptPages()) {
    for (const item of page) {
      if (item.sk === QuizKeys.sk()) quizzes.set(item.id, item);
      else if (item.completedAt && item.quizId && week.has(japanDate(new Date(item.completedAt)))) {
        const key = `${item.quizId}\u0000${japanDate(new Date(item.completedAt))}`;
        players.set(key, (players.get(key) ?? new Set()).add(item.userId ?? item.sk));
      }
    }
  }
  log(`${quizzes.size} quizzes, ${players.size} quiz-days played this week`);

  // 2. Every public quiz's postings and ranking entries, as they should be.
  const { puts: written } = await applyIndexWrites(
    [...quizzes.values()].map((quiz) => ({ puts: indexWrites(undefined, quiz).puts, deletes: [] })),
  );
  log(`${written} index items written`);

  // 3. This week's players, each account once a day.
  for (const [key, accounts] of players) {
    const [quizId, day] = key.split('\u0000') as [string, string];
    if (quizzes.has(quizId)) await recountDailyPlayers(quizId, day, accounts.size);
  }

  // 4. Index items that should not be there: of quizzes gone, hidden, private, or edited.
  const grams = new Map<string, Set<string>>();
  const wanted = (quiz: IndexedQuiz | undefined) => {
    if (!quiz || !isPubliclyVisible(quiz)) return undefined;
    let set = grams.get(quiz.id);
    if (!set) grams.set(quiz.id, (set = new Set(textGrams(indexedText(quiz)).keys())));
    return set;
  };
  const belongs = (item: ItemKey, quiz: IndexedQuiz | undefined) => {
    if (item.sk.startsWith(RankKeys.skPrefix())) return rankEntriesOf(quiz).size > 0;
    const posting = parsePosting(item);
    return posting.createdAt === quiz?.createdAt && Boolean(wanted(quiz)?.has(gramId(posting)));
  };
  let removed = 0;
  for await (const page of indexItemPages()) {
    const stale = page.filter((item) => {
      const quizId = item.quizId ?? parsePosting(item).quizId;
      return !belongs(item, quizzes.get(quizId));
    });
    // Read the quiz again before removing anything: it may have changed since the scan.
    const fresh = new Map<string, IndexedQuiz | undefined>();
    for (const item of stale) {
      const quizId = item.quizId ?? parsePosting(item).quizId;
      if (!fresh.has(quizId)) {
        const current = (await db.get({ Key: quizKey(quizId), ConsistentRead: true })).Item as
          IndexedQuiz | undefined;
        fresh.set(quizId, current);
        grams.delete(quizId);
      }
    }
    const deletes = stale
      .filter((item) => !belongs(item, fresh.get(item.quizId ?? parsePosting(item).quizId)))
      .map(({ pk, sk }) => ({ pk, sk }));
    await writeItems({ deletes }, 8);
    removed += deletes.length;
  }
  log(`${removed} index items removed`);

  return {
    quizzes: quizzes.size,
    publicQuizzes: [...quizzes.values()].filter(isPubliclyVisible).length,
    written,
    removed,
    dailyCounts: players.size,
  };
}
