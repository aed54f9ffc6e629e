import { entity, USER_PARTITION } from '../data/keys';

/** Keys of a member's learning record (record-store.ts), all in their own partition and owned by them. */
const MODULE = 'functions/learning/record-store.ts';

export const DailyStatsKeys = entity({
  entity: 'Daily stats',
  module: MODULE,
  pk: USER_PARTITION,
  sk: 'DAILY#{day}',
  fields: { day: '`yyyy-mm-dd`, Japan time' },
  notes:
    'quizzesCompleted, questionsAnswered, correctAnswers, timeSpent, and per category × difficulty `n#<category>#<difficulty>` (answered), `c#…` (correct), `t#…` (last answer time); no index keys (each answer’s write stays one write unit; account deletion empties the partition); every count grows by `ADD` only: the learning records consumer from answer events (recorder.ts), `POST /api/study/session` (time)',
});

export const AnswerEventKeys = entity({
  entity: 'Answer event',
  module: 'functions/learning/event-store.ts',
  pk: USER_PARTITION,
  sk: 'LEARNEV#{answeredAt}#{eventId}',
  fields: {
    eventId:
      '`c-…` a checked answer, `a-<attemptId>` a finished play, `m-<room>-<step>-<user>` a multiplayer reveal, `g-<game>-<question>-<user>` a class game reveal, `f-<runId>` a focused-study run, `r-…` a review answer',
  },
  notes:
    "kind, answered, correct, quizzes, timeSpent, category, difficulty, quizId, playId and `questions` (`<first 8 of the question id><+|->`) of a play; `applied` once counted (events outside a play); the learning records consumer (stream, INSERT) adds it to the day; the sessions are read from these; `ttl` a year; in the member's partition (goes with the account)",
});

export const LearningSummaryKeys = entity({
  entity: 'Learning summary',
  module: 'functions/learning/event-store.ts',
  pk: USER_PARTITION,
  sk: 'LEARNSUM',
  notes:
    '`through` (a Japan day 28 to 35 days back), `days` (`<date>,<answered>,<correct>` of every active day up to it, `;`-separated), `pairs` (category × difficulty totals up to it); the dashboard reads it and the days after `through` (at most 35 items) instead of every day, and rebuilds it from every day when `through` is out of that span (once a week) or it is `stale`: an event of a day it may hold (a backfill’s) sets `stale` and adds 1 to `version` as it is added, and a rebuild is kept only over the version it read',
});

export const PlayClaimKeys = entity({
  entity: 'Play claim',
  module: 'functions/learning/event-store.ts',
  pk: USER_PARTITION,
  sk: 'LEARNPLAY#{playId}',
  fields: { playId: "the page's id of one play of a quiz" },
  notes:
    '`claimed`: the questions of the play already counted (string set), `events`: the events counted, `version` (every change adds 1, the condition of the next); so a question checked and then finished counts once; `ttl` 30 days (a backfill adds events again safely within them)',
});

export const LearningSettingsKeys = entity({
  entity: 'Learning settings',
  module: 'functions/learning/plan-store.ts',
  pk: USER_PARTITION,
  sk: 'LEARNING',
  notes:
    '`activePlanId` (the one active study plan: activating is one write of it, so parallel activations leave one), `planCount` (≤ 20, a conditional `ADD` in the transaction of each creation and deletion)',
});

export const StudyPlanKeys = entity({
  entity: 'Study plan',
  module: 'functions/learning/plan-store.ts',
  pk: USER_PARTITION,
  sk: 'PLAN#{planId}',
  notes:
    "id, title, description, targetCategory, dailyGoal, weeklyGoal, targetExamDate, startDate, endDate, createdAt, updatedAt; `isActive` is read from the learning settings' `activePlanId`",
});

export const TodoKeys = entity({
  entity: 'Daily to-do',
  module: 'functions/learning/todo-store.ts',
  pk: USER_PARTITION,
  sk: 'TODO#{todoId}',
  fields: { todoId: "`<yyyy-mm-dd>_<uuid>`: its day first, so a day's to-dos are one `begins_with`" },
  notes: 'id, text, date, completed, completedAt, createdAt, updatedAt',
});

export const TodoDayKeys = entity({
  entity: 'To-do day count',
  module: 'functions/learning/todo-store.ts',
  pk: USER_PARTITION,
  sk: 'TODODAY#{day}',
  fields: { day: '`yyyy-mm-dd`' },
  notes:
    "`count` of the day's to-dos (≤ 50): a conditional `ADD` in the transaction of each creation and deletion",
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
    "userAnswer, correctAnswer, category, difficulty, wrongCount, lastWrongAt; the review schedule (SM-2, docs/focused-study.md): question (a copy, as focused study asks it), reviewType (`quiz` / `focused_study`), priority (`medium`), nextReviewDate, reviewInterval (days), repetition, reviewCount, easinessFactor (×100, from 250), createdAt, lastReviewedAt; in the `REVIEW#<userId>` collection by due day (a quiz question due the day of the mistake, a focused-study one the next day); `masteredAt` set by the third right review in a row of everyone's review of mistakes, which takes it out of the collection until a new wrong answer",
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
