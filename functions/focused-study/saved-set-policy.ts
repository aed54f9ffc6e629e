import type * as z from 'zod';
import {
  FOCUSED_STUDY,
  FOCUSED_STUDY_MESSAGES,
  studyQuestionSchema,
  type SavedQuestionSet,
  type saveQuestionSetSchema,
  type StudyQuestion,
  type updateSetQuestionSchema,
} from '@shared/focused-study';
import { BadRequestError, NotFoundError, ValidationError } from '../lib/errors';
import { replyBytes } from '../lib/payload';

/**
 * The rules of saved question sets (docs/spec/multiplayer-membership-study.md §3, §7), as pure functions of a set: what a new set holds,
 * how long it takes, how big it may be, and what an edit of one of its questions may change.
 */

/** A set as kept (`lastPlayedAt` absent on sets saved before it was written at creation). */
export type SetRecord = Omit<SavedQuestionSet, 'lastPlayedAt'> & { lastPlayedAt?: string | null };

export const setNotFound = () => new NotFoundError(FOCUSED_STUDY_MESSAGES.setNotFound);

export const toSet = (item: SetRecord): SavedQuestionSet => ({
  id: item.id,
  title: item.title,
  description: item.description,
  difficulty: item.difficulty,
  questionCount: item.questionCount,
  isFavorite: item.isFavorite,
  playCount: item.playCount,
  estimatedTime: item.estimatedTime,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
  lastPlayedAt: item.lastPlayedAt ?? null,
  questions: item.questions,
});

/** Newest first. */
export const newestFirst = (sets: readonly SavedQuestionSet[]) =>
  [...sets].sort((x, y) => y.createdAt.localeCompare(x.createdAt));

/** Minutes a set takes: a minute a question, a minute and a half for one to select or sort. */
export const estimatedMinutes = (questions: readonly StudyQuestion[]) =>
  Math.max(
    1,
    Math.ceil(questions.reduce((sum, question) => sum + (question.type === 'multiple_choice' ? 1 : 1.5), 0)),
  );

/**
 * Refuses questions over the set's size in bytes as the list's reply carries them (every set's
 * questions, escaped once more by Lambda: 50 sets stay within its 6 MB however they are written).
 */
export function checkSize(questions: readonly StudyQuestion[]) {
  if (replyBytes(questions) > FOCUSED_STUDY.savedSetMaxBytes)
    throw new BadRequestError(FOCUSED_STUDY_MESSAGES.setTooLarge);
}

/** A new set as it is kept: not a favourite, never played. */
export function newSet(input: z.output<typeof saveQuestionSetSchema>, id: string, now: Date): SetRecord {
  checkSize(input.questions);
  const at = now.toISOString();
  return {
    id,
    title: input.title,
    description: input.description,
    difficulty: input.difficulty,
    questions: input.questions,
    questionCount: input.questions.length,
    estimatedTime: estimatedMinutes(input.questions),
    isFavorite: false,
    playCount: 0,
    lastPlayedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * A question of the set edited: its text, options (the same keys: the answer refers to them) and
 * explanation, checked as a question and within the set's size; with its place in the set.
 */
export function editedQuestion(
  set: SetRecord,
  questionId: string,
  input: z.output<typeof updateSetQuestionSchema>,
): { index: number; question: StudyQuestion } {
  const index = set.questions.findIndex((question) => question.id === questionId);
  const current = set.questions[index];
  if (!current) throw new NotFoundError(FOCUSED_STUDY_MESSAGES.questionNotFound);
  const sameKeys = Object.keys(input.options).sort().join() === Object.keys(current.options).sort().join();
  if (!sameKeys) throw new BadRequestError(FOCUSED_STUDY_MESSAGES.optionKeysChanged);
  const checked = studyQuestionSchema.safeParse({ ...current, ...input });
  if (!checked.success)
    throw new ValidationError(
      checked.error.issues.map((issue) => ({
        path: ['body', ...issue.path.map(String)].join('.'),
        message: issue.message,
      })),
    );
  const question = checked.data;
  checkSize(set.questions.map((entry, at) => (at === index ? question : entry)));
  return { index, question };
}
