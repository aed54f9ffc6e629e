import { ClassGameKeys } from '../classroom/class-keys';
import { QuizKeys } from '../quizzes/quiz-keys';
import { ReportKeys } from '../quizzes/report-keys';
import { CLAIM_KEYS, UserKeys } from '../users/user-keys';

/**
 * What deleting an account does to each item it owns, as a pure function of the item's keys
 * (account-deletion.ts runs it, account-deletion-store.ts reads and deletes). Keys are read
 * through the entities' key modules, never spelled here.
 */

/** The keys of an item the account owns, as the byOwner index and its own partition give them. */
export interface OwnedKeys {
  pk: string;
  sk: string;
  cascade?: string;
  gsi2sk?: string;
}

/**
 * What becomes of one owned item:
 * - `profile`: the account itself, deleted last;
 * - `claim`: a username, look-alike or e-mail claim, deleted last with the profile (so nobody
 *   takes the name while the deletion runs);
 * - `anonymise`: a report on another member's quiz, kept for moderation without its reporter;
 * - `quiz`: a quiz, whose whole partition (other players' plays included) goes before it does;
 * - `classGame`: a class game the account hosted, whose partition (players, nicknames, results)
 *   goes before it does, its PIN and slot freed;
 * - `delete`: anything else.
 */
type DeletionStep =
  | { step: 'profile' }
  | { step: 'claim' }
  | { step: 'anonymise' }
  | { step: 'quiz'; quizId: string }
  | { step: 'classGame'; gameId: string }
  | { step: 'delete' };

/** The claims' owner-index sort keys (`CLAIM#…`). */
const CLAIMS = new Set<string>(CLAIM_KEYS.map((claim) => claim.ownerPrefix()));

export function deletionStep(item: OwnedKeys): DeletionStep {
  if (item.sk === UserKeys.sk()) return { step: 'profile' };
  if (item.gsi2sk && CLAIMS.has(item.gsi2sk)) return { step: 'claim' };
  if (item.gsi2sk?.startsWith(ReportKeys.ownerPrefix())) return { step: 'anonymise' };
  // A quiz and a class game are the items that own their partitions.
  const game = item.cascade === 'partition' ? ClassGameKeys.parsePk(item.pk) : undefined;
  if (game && item.sk === ClassGameKeys.sk()) return { step: 'classGame', gameId: game.gameId };
  const quiz = item.cascade === 'partition' ? QuizKeys.parsePk(item.pk) : undefined;
  return quiz ? { step: 'quiz', quizId: quiz.quizId } : { step: 'delete' };
}
