import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import type {
  SavedQuestionSet,
  saveQuestionSetSchema,
  StudyQuestion,
  StudyRun,
  updateSetQuestionSchema,
} from '@shared/focused-study';
import { editedQuestion, newestFirst, newSet, setNotFound, toSet } from './saved-set-policy';
import {
  countPlay,
  deleteSetItem,
  readFavorite,
  readSet,
  readSets,
  writeFavorite,
  writeNewSet,
  writeSetQuestion,
  writeSetText,
} from './saved-set-store';

/**
 * Saved question sets (docs/spec/multiplayer-membership-study.md §3, §7): at most 50 a member (a conditional counter in the transaction of
 * the save), replayed as `saved_` runs that the page holds itself. The list answers with every
 * set's questions, so a set's questions are bounded in bytes as well as in number. The rules are
 * saved-set-policy.ts, the items and their conditions saved-set-store.ts.
 */

/** `GET /api/focused-study/saved-question-sets`: the member's sets, newest first. */
export async function listSavedSets(userId: string): Promise<SavedQuestionSet[]> {
  return newestFirst((await readSets(userId)).map(toSet));
}

/** `POST /api/focused-study/save-question-set`: refused with the spec's message at 50 sets. */
export async function saveQuestionSet(
  userId: string,
  input: z.output<typeof saveQuestionSetSchema>,
  now = new Date(),
): Promise<SavedQuestionSet> {
  const set = newSet(input, randomUUID(), now);
  await writeNewSet(userId, set);
  return toSet(set);
}

/** `PUT /api/focused-study/saved-question-sets/{setId}`: title and description. */
export const updateQuestionSet = (
  userId: string,
  setId: string,
  input: { title: string; description: string },
  now = new Date(),
) => writeSetText(userId, setId, input, now);

/** `DELETE /api/focused-study/saved-question-sets/{setId}`. */
export async function deleteQuestionSet(userId: string, setId: string): Promise<void> {
  await deleteSetItem(userId, setId);
}

/**
 * `PUT …/{setId}/favorite`: sets the mark when `isFavorite` is given, else turns it over (on the
 * condition that it is still what was read, so two presses at once cannot undo each other unseen).
 */
export async function setFavorite(userId: string, setId: string, isFavorite?: boolean) {
  if (isFavorite !== undefined) return writeFavorite(userId, setId, isFavorite);
  const current = await readFavorite(userId, setId);
  if (current === undefined) throw setNotFound();
  return writeFavorite(userId, setId, !current, current);
}

/**
 * `POST /api/focused-study/start-saved-session/{setId}`: counts the play (playCount,
 * lastPlayedAt) and answers a `saved_` run of the set's questions, which the page holds.
 */
export async function startSavedRun(userId: string, setId: string, now = new Date()): Promise<StudyRun> {
  const set = await countPlay(userId, setId, now);
  return {
    id: `saved_${setId}_${randomUUID().slice(0, 8)}`,
    questions: set.questions,
    currentQuestionIndex: 0,
    startedAt: now.toISOString(),
  };
}

/**
 * `PUT …/{setId}/questions/{questionId}`: a question's text, options (the same keys: the answer
 * refers to them) and explanation. Written on the condition that the question is still at the
 * place it was read.
 */
export async function updateSetQuestion(
  userId: string,
  ids: { setId: string; questionId: string },
  input: z.output<typeof updateSetQuestionSchema>,
  now = new Date(),
): Promise<StudyQuestion> {
  const set = await readSet(userId, ids.setId);
  if (!set) throw setNotFound();
  const edit = editedQuestion(set, ids.questionId, input);
  await writeSetQuestion(userId, ids.setId, { questionId: ids.questionId, ...edit }, now);
  return edit.question;
}
