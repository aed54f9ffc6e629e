import { entity } from '../data/keys';

/**
 * Keys of quizzes (quiz-store.ts). A quiz is one partition, `QUIZ#<quizId>`: the quiz itself (`META`),
 * its questions and edit history, and the favourites, reports, plays and progress that belong
 * to it (their own key modules), so deleting the quiz's partition deletes all of them.
 */
const MODULE = 'functions/quizzes/quiz-store.ts';
export const QUIZ_PARTITION = 'QUIZ#{quizId}';

export const QuizKeys = entity({
  entity: 'Quiz',
  module: MODULE,
  pk: QUIZ_PARTITION,
  sk: 'META',
  byOwner: 'QUIZ#{createdAt}',
  byCollection: { pk: 'QUIZ#PUBLIC', sk: '{createdAt}#{quizId}' },
  notes:
    'title, description, category, difficulty, timeLimit, authorId, authorName, isPublished, isHidden, status (`active` / `deleting`), questionCount, reportCount, participantCount, totalPlayers, ratingSum, ratingCount (the average is derived from them, not stored), analyticsPlays, analyticsPlayers, analyticsScoreSum (the solo plays’ part of the author’s analytics totals, beside `ANALYTICS`); `cascade = partition` (deleting the owner deletes the partition); in `QUIZ#PUBLIC` only while public (sparse)',
});

export const QuestionKeys = entity({
  entity: 'Question',
  module: MODULE,
  pk: QUIZ_PARTITION,
  sk: 'QUESTION#{order}',
  fields: { order: 'position from 1, 3 digits' },
  notes:
    'questionText, optionA–D, correctAnswer, explanation, order, image (`{ url, width, height, alt }` or null: its picture in S3); a question keeps its id while it stays at its position',
});

export const EditKeys = entity({
  entity: 'Edit history',
  module: MODULE,
  pk: QUIZ_PARTITION,
  sk: 'EDIT#{editedAt}#{suffix}',
  notes:
    'editor, editedAt, reason, whileHidden, changes.quiz {before, after}, changes.questions {before, after} (only the positions that changed)',
});

export const quizKey = (quizId: string) => QuizKeys.key({ quizId });

export const questionKey = (quizId: string, order: number) =>
  QuestionKeys.key({ quizId, order: String(order).padStart(3, '0') });
