import { entity, USER_PARTITION } from '../data/keys';

/** Keys of a member's learning record (record-store.ts), all in their own partition and owned by them. */
const MODULE = 'functions/learning/record-store.ts';

export const DailyStatsKeys = entity({
  entity: 'Daily stats',
  module: MODULE,
  pk: USER_PARTITION,
  sk: 'DAILY#{day}',
  byOwner: 'DAILY#{day}',
  fields: { day: '`yyyy-mm-dd`, Japan time' },
  notes: 'quizzesCompleted, questionsAnswered, correctAnswers, timeSpent',
});

export const WrongAnswerKeys = entity({
  entity: 'Wrong answer and its review schedule',
  module: 'functions/learning/review-store.ts',
  pk: USER_PARTITION,
  sk: 'WRONG#{quizId}#{questionId}',
  byOwner: 'WRONG#{quizId}#{questionId}',
  byCollection: { pk: 'REVIEW#{userId}', sk: '{nextReviewDate}#{quizId}#{questionId}' },
  fields: {
    quizId: 'the quiz, or `focused-study` for a focused-study question',
    nextReviewDate: '`yyyy-mm-dd`, Japan time',
  },
  notes:
    'userAnswer, correctAnswer, category, difficulty, wrongCount, lastWrongAt; the review schedule (SM-2, docs/focused-study.md): question (a copy, as focused study asks it), reviewType (`quiz` / `focused_study`), priority (`medium`), nextReviewDate, reviewInterval (days), repetition, reviewCount, easinessFactor (×100, from 250), createdAt, lastReviewedAt; in the `REVIEW#<userId>` collection by due day',
});

export const AchievementKeys = entity({
  entity: 'Achievement',
  module: MODULE,
  pk: USER_PARTITION,
  sk: 'ACHIEVEMENT#{key}',
  byOwner: 'ACHIEVEMENT#{key}',
  notes: 'granted once: `achievedAt = if_not_exists(achievedAt, :now)` keeps the first date',
});

export const StudyRecordKeys = entity({
  entity: 'Study record',
  module: MODULE,
  pk: USER_PARTITION,
  sk: 'STUDY#{answeredAt}#{suffix}',
  byOwner: 'STUDY#{answeredAt}#{suffix}',
  notes: 'one answered question; `ttl` one year',
});
