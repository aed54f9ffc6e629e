import { LEARNING } from '@shared/learning-constants';
import type { DailyStat, ImprovementTrend, LearningSession, Weakness } from '@shared/learning';
import { japanDate } from '../lib/japan-time';
import { pairsOf, questionMark, type AnswerEvent, type PairCounts } from './event-policy';

/**
 * The learning records as the member reads them (docs/decisions.md "Issue 29"), as pure functions
 * of the day items (one per Japan day with activity: counts and per category × difficulty
 * counters), the answer events and today's Japan day: streaks, the calendar, accuracy by category,
 * weaknesses with their trend and advice, the daily stats, the study sessions and the goals.
 */

/** A day item as the store reads it. */
export interface Day {
  date: string;
  questionsAnswered?: number;
  correctAnswers?: number;
  quizzesCompleted?: number;
  timeSpent?: number;
  [attribute: string]: unknown;
}

/** The day `days` after (or before, negative) a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The Monday of the week of a day (weeks start on Monday). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** Whole days from `from` to `to`. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Integer percent of `part` in `whole`; 0 of nothing. */
export const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.max(0, Math.round((part / whole) * 100))) : 0;

const answeredOn = (day: Day) => Number(day.questionsAnswered ?? 0);
const isActive = (day: Day) => answeredOn(day) > 0;

/** The days with at least one answered question, oldest first. */
export const activeDays = (days: readonly Day[]) =>
  [...days].filter(isActive).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

/** The run of active days ending on each active day (days in a row with at least one answer). */
export function streakByDay(days: readonly Day[]): Map<string, number> {
  const streaks = new Map<string, number>();
  let previous: string | undefined;
  let run = 0;
  for (const day of activeDays(days)) {
    run = previous !== undefined && addDays(previous, 1) === day.date ? run + 1 : 1;
    streaks.set(day.date, run);
    previous = day.date;
  }
  return streaks;
}

/**
 * The current streak (the run up to today, or up to yesterday while today has no answer yet) and
 * the longest run of all.
 */
export function streaks(days: readonly Day[], today: string) {
  const runs = streakByDay(days.filter((day) => day.date <= today));
  const current = runs.get(today) ?? runs.get(addDays(today, -1)) ?? 0;
  return { current, longest: Math.max(0, ...runs.values()) };
}

/** The active days of the last 365 (today included), oldest first. */
export const calendarOf = (days: readonly Day[], today: string) =>
  activeDays(days)
    .filter((day) => day.date > addDays(today, -LEARNING.calendarDays) && day.date <= today)
    .map((day) => ({
      date: day.date,
      questionsAnswered: answeredOn(day),
      correctAnswers: Number(day.correctAnswers ?? 0),
    }));

/** Category × difficulty counters summed over the days given. */
export function pairTotals(days: readonly Day[]): PairCounts[] {
  const totals = new Map<string, PairCounts>();
  for (const day of days)
    for (const pair of pairsOf(day)) {
      const key = `${pair.category}\n${pair.difficulty}`;
      const total = totals.get(key) ?? { ...pair, answered: 0, correct: 0, last: null };
      total.answered += pair.answered;
      total.correct += pair.correct;
      if (pair.last && (!total.last || pair.last > total.last)) total.last = pair.last;
      totals.set(key, total);
    }
  return [...totals.values()];
}

/** Accuracy by category (difficulties together), most answered first. */
export function categoriesOf(days: readonly Day[]) {
  const byCategory = new Map<string, { answered: number; correct: number }>();
  for (const pair of pairTotals(days)) {
    const total = byCategory.get(pair.category) ?? { answered: 0, correct: 0 };
    total.answered += pair.answered;
    total.correct += pair.correct;
    byCategory.set(pair.category, total);
  }
  return [...byCategory]
    .filter(([, total]) => total.answered > 0)
    .map(([category, total]) => ({
      category,
      questionsAnswered: total.answered,
      correctAnswers: total.correct,
      accuracy: percentOf(total.correct, total.answered),
    }))
    .sort((a, b) => b.questionsAnswered - a.questionsAnswered || a.category.localeCompare(b.category));
}

/**
 * The trend of a category × difficulty: its accuracy over the last 14 days against the 14 before;
 * 10 points or more up is 'improving', down 'declining'; 'stable' otherwise, and without 5
 * answers in each window.
 */
export function trendOf(
  recent: { answered: number; correct: number },
  before: { answered: number; correct: number },
): ImprovementTrend {
  if (recent.answered < LEARNING.trendMinAttempts || before.answered < LEARNING.trendMinAttempts)
    return 'stable';
  // The change in points, kept in whole numbers (0.6 − 0.5 is not 0.1 in floating point):
  // 100 × (rc/ra − bc/ba) ≥ 10  ⇔  100 × (rc·ba − bc·ra) ≥ 10 · ra · ba.
  const change = 100 * (recent.correct * before.answered - before.correct * recent.answered);
  const threshold = LEARNING.trendPoints * recent.answered * before.answered;
  if (change >= threshold) return 'improving';
  if (change <= -threshold) return 'declining';
  return 'stable';
}

/** What to do about a category × difficulty, in a sentence that names it. */
export function recommendedAction(
  category: string,
  difficulty: string,
  accuracy: number,
  trend: ImprovementTrend,
): string {
  const where = difficulty ? `「${category}」の${difficulty}` : `「${category}」`;
  if (accuracy < 50)
    return `${where}は正答率${accuracy}%です。間違えた問題を復習セッションで解き直し、解説を読んでから同じカテゴリのクイズに再挑戦しましょう。`;
  if (trend === 'declining')
    return `${where}は最近正答率が下がっています（${accuracy}%）。復習セッションで間違えた問題を見直しましょう。`;
  if (accuracy < 70)
    return `${where}は正答率${accuracy}%です。復習で苦手な問題を確認し、同じカテゴリのクイズをもう一度解いてみましょう。`;
  if (accuracy < 85)
    return `${where}は正答率${accuracy}%です。あと一歩です。同じカテゴリのクイズを続けて解いて定着させましょう。`;
  return `${where}は正答率${accuracy}%と好調です。この調子で、ひとつ上の難易度のクイズにも挑戦してみましょう。`;
}

/**
 * Every category × difficulty with at least 5 answered questions, weakest first (lowest accuracy,
 * then the most answered, then by name).
 */
export function weaknessesOf(days: readonly Day[], today: string): Weakness[] {
  const recentFrom = addDays(today, -(LEARNING.trendDays - 1));
  const beforeFrom = addDays(today, -(2 * LEARNING.trendDays - 1));
  const recent = pairTotals(days.filter((day) => day.date >= recentFrom && day.date <= today));
  const before = pairTotals(days.filter((day) => day.date >= beforeFrom && day.date < recentFrom));
  const find = (list: PairCounts[], pair: PairCounts) =>
    list.find((other) => other.category === pair.category && other.difficulty === pair.difficulty) ?? {
      answered: 0,
      correct: 0,
    };
  return pairTotals(days)
    .filter((pair) => pair.answered >= LEARNING.weaknessMinAttempts)
    .map((pair) => {
      const accuracy = percentOf(pair.correct, pair.answered);
      const improvementTrend = trendOf(find(recent, pair), find(before, pair));
      return {
        category: pair.category,
        difficulty: pair.difficulty,
        totalAttempts: pair.answered,
        correctAttempts: pair.correct,
        accuracy,
        lastAttemptAt: pair.last,
        improvementTrend,
        recommendedAction: recommendedAction(pair.category, pair.difficulty, accuracy, improvementTrend),
      };
    })
    .sort(
      (a, b) =>
        a.correctAttempts / a.totalAttempts - b.correctAttempts / b.totalAttempts ||
        b.totalAttempts - a.totalAttempts ||
        a.category.localeCompare(b.category) ||
        a.difficulty.localeCompare(b.difficulty),
    );
}

/** The daily stats of the days with activity from `from` to `to` (the streaks counted from every day). */
export function dailyStatsOf(days: readonly Day[], from: string, to: string): DailyStat[] {
  const runs = streakByDay(days);
  return [...days]
    .filter((day) => day.date >= from && day.date <= to)
    .filter((day) => answeredOn(day) > 0 || Number(day.timeSpent ?? 0) > 0)
    .sort((a, b) => (a.date < b.date ? -1 : 1))
    .map((day) => ({
      date: day.date,
      quizzesCompleted: Number(day.quizzesCompleted ?? 0),
      questionsAnswered: answeredOn(day),
      correctAnswers: Number(day.correctAnswers ?? 0),
      timeSpent: Number(day.timeSpent ?? 0),
      streak: runs.get(day.date) ?? 0,
      categoriesStudied: [
        ...new Set(
          pairsOf(day)
            .filter((pair) => pair.answered > 0)
            .map((pair) => pair.category),
        ),
      ].sort(),
      averageScore: percentOf(Number(day.correctAnswers ?? 0), answeredOn(day)),
    }));
}

/** Questions answered on the days from `from` to `today`, in `category` (or all when null). */
export function answeredSince(days: readonly Day[], from: string, today: string, category: string | null) {
  const inRange = days.filter((day) => day.date >= from && day.date <= today);
  if (category === null) return inRange.reduce((sum, day) => sum + answeredOn(day), 0);
  return pairTotals(inRange)
    .filter((pair) => pair.category === category)
    .reduce((sum, pair) => sum + pair.answered, 0);
}

export interface PlanGoal {
  targetCategory: string | null;
  dailyGoal: number;
  weeklyGoal: number;
  startDate: string;
  endDate: string | null;
  targetExamDate: string | null;
}

/**
 * A plan's progress, 0–100: the questions answered (in its category, or all) since its start
 * until its end (the end date, else the exam date) against its goal for that span: the weekly goal
 * for every started week of it; a plan without an end measures this week against its weekly goal.
 */
export function planProgress(plan: PlanGoal, days: readonly Day[], today: string): number {
  const end = plan.endDate ?? plan.targetExamDate;
  if (!end) {
    const monday = mondayOf(today);
    const from = plan.startDate > monday ? plan.startDate : monday;
    return percentOf(answeredSince(days, from, today, plan.targetCategory), plan.weeklyGoal);
  }
  const weeks = Math.max(1, Math.ceil((daysBetween(plan.startDate, end) + 1) / 7));
  // What was answered after the plan ended is not the plan's.
  const until = end < today ? end : today;
  return percentOf(answeredSince(days, plan.startDate, until, plan.targetCategory), plan.weeklyGoal * weeks);
}

/** Today's and this week's goals (the active plan's, else 5 / 35) and what is done (in its category). */
export function goalOf(plan: (PlanGoal & { id: string }) | undefined, days: readonly Day[], today: string) {
  const category = plan?.targetCategory ?? null;
  return {
    dailyGoal: plan?.dailyGoal ?? LEARNING.defaultDailyGoal,
    weeklyGoal: plan?.weeklyGoal ?? LEARNING.defaultWeeklyGoal,
    todayDone: answeredSince(days, today, today, category),
    weekDone: answeredSince(days, mondayOf(today), today, category),
    planId: plan?.id ?? null,
  };
}

/** A day's figures for `today` (zeros on a day without records). */
export function todayFigures(days: readonly Day[], today: string) {
  const day = days.find((candidate) => candidate.date === today);
  return {
    date: today,
    questionsAnswered: Number(day?.questionsAnswered ?? 0),
    correctAnswers: Number(day?.correctAnswers ?? 0),
    quizzesCompleted: Number(day?.quizzesCompleted ?? 0),
    timeSpent: Number(day?.timeSpent ?? 0),
  };
}

/** A moment of activity for the sessions: an answer event, or a study record's time. */
export interface Activity {
  at: string;
  event?: AnswerEvent;
  timeSpent?: number;
}

const GAP_MS = LEARNING.sessionGapMinutes * 60_000;

/**
 * The study sessions in `activity` (any order): runs with no gap over 30 minutes, newest first,
 * at most `limit`. A play's questions count once in its session, as in the day's counters (the
 * questions its checks counted are not counted again at its finish).
 */
export function sessionsOf(activity: readonly Activity[], limit: number): LearningSession[] {
  const ordered = [...activity].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const runs: Activity[][] = [];
  for (const moment of ordered) {
    const current = runs.at(-1);
    if (current && Date.parse(moment.at) - Date.parse(current.at(-1)!.at) <= GAP_MS) current.push(moment);
    else runs.push([moment]);
  }
  return runs
    .map(sessionOf)
    .filter((session) => session.totalQuestions > 0 || session.totalTimeSpent > 0)
    .reverse()
    .slice(0, limit);
}

function sessionOf(run: readonly Activity[]): LearningSession {
  const claimed = new Map<string, Set<string>>();
  let quizzes = 0;
  let questions = 0;
  let correct = 0;
  let time = 0;
  const categories = new Set<string>();
  for (const moment of run) {
    time += moment.timeSpent ?? 0;
    const event = moment.event;
    if (!event) continue;
    time += Number(event.timeSpent ?? 0);
    quizzes += Number(event.quizzes ?? 0);
    if (event.playId && event.questions) {
      const play = claimed.get(event.playId) ?? new Set<string>();
      for (const mark of event.questions) {
        const question = mark.slice(0, -1);
        if (play.has(question)) continue;
        play.add(question);
        questions++;
        if (mark === questionMark(question, true)) correct++;
      }
      claimed.set(event.playId, play);
    } else {
      questions += Number(event.answered ?? 0);
      correct += Number(event.correct ?? 0);
    }
    if (Number(event.answered ?? 0) > 0) categories.add(event.category);
  }
  const startTime = run[0]!.at;
  return {
    id: `session-${Date.parse(startTime)}`,
    startTime,
    endTime: run.at(-1)!.at,
    totalQuizzes: quizzes,
    totalQuestions: questions,
    correctAnswers: correct,
    totalTimeSpent: Math.round(time),
    categories: [...categories].sort(),
    date: japanDate(new Date(startTime)),
  };
}

/**
 * The dashboard's summary of the days up to `through`: every active day's answered and correct
 * (`<date>,<answered>,<correct>;…`) and the category × difficulty totals. Days that old seldom
 * change (the stream holds records for 24 hours, and only today's study time is added directly),
 * so the dashboard reads the summary and the few days after it instead of every day; an event of
 * such a day (a backfill's) marks the summary stale as it is added (event-store.ts).
 */
export interface Summary {
  through: string;
  days: string;
  pairs: Record<string, { n: number; c: number; t: string | null }>;
}

/** The summary covers up to 28 days back (the trends' two windows stay in the days read), and is rebuilt after a week. */
const SUMMARY_LAG = { fresh: 2 * LEARNING.trendDays, stale: 2 * LEARNING.trendDays + 7 };

/** Whether a summary can serve today: its `through` is 28 to 35 days back. */
export const summaryServes = (summary: Summary | undefined, today: string): summary is Summary =>
  Boolean(
    summary &&
    summary.through <= addDays(today, -SUMMARY_LAG.fresh) &&
    summary.through >= addDays(today, -SUMMARY_LAG.stale),
  );

/**
 * Whether a summary may hold `day` at `now`: a summary in use ends 28 to 35 days back, so any day
 * 28 days back or older (one day's margin for the clocks of the writer and the reader).
 */
export const summaryMayHold = (day: string, now: Date): boolean =>
  day <= addDays(japanDate(now), 1 - SUMMARY_LAG.fresh);

/** The summary of `days` up to 28 days before today. */
export function summarize(days: readonly Day[], today: string): Summary {
  const through = addDays(today, -SUMMARY_LAG.fresh);
  const old = days.filter((day) => day.date <= through);
  return {
    through,
    days: activeDays(old)
      .map((day) => `${day.date},${answeredOn(day)},${Number(day.correctAnswers ?? 0)}`)
      .join(';'),
    pairs: Object.fromEntries(
      pairTotals(old).map((pair) => [
        `${pair.category}#${pair.difficulty}`,
        { n: pair.answered, c: pair.correct, t: pair.last },
      ]),
    ),
  };
}

/** A summary as days again: its active days, and one day before all others holding its category × difficulty totals. */
export function daysOfSummary(summary: Summary): Day[] {
  const days: Day[] = summary.days
    ? summary.days.split(';').map((entry) => {
        const [date, answered, correct] = entry.split(',');
        return { date: date!, questionsAnswered: Number(answered), correctAnswers: Number(correct) };
      })
    : [];
  const totals: Day = { date: '0000-00-00' };
  for (const [pair, { n, c, t }] of Object.entries(summary.pairs)) {
    totals[`n#${pair}`] = n;
    totals[`c#${pair}`] = c;
    if (t) totals[`t#${pair}`] = t;
  }
  return [totals, ...days];
}
