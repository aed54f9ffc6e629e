import { LEARNING } from '@shared/learning-constants';
import type { DailyStat, Dashboard, LearningSession, Weakness } from '@shared/learning';
import { currentTime } from '../lib/clock';
import { japanDate } from '../lib/japan-time';
import type { Logger } from '../lib/logger';
import type { UserItem } from '../users/user-store';
import {
  calendarOf,
  categoriesOf,
  dailyStatsOf,
  daysOfSummary,
  goalOf,
  sessionsOf,
  streaks,
  summarize,
  summaryServes,
  todayFigures,
  weaknessesOf,
  type Activity,
  type Day,
} from './dashboard-policy';
import type { AnswerEvent } from './event-policy';
import { latestEvents, listDays, listDaysAfter, readSummary, writeSummary } from './event-store';
import { readActivePlan } from './plan-store';
import { studyRecordsSince } from './record-store';
import { reviewDueCount } from './review';

/**
 * What a member reads of their learning records (docs/decisions.md "Issue 29"): the day items
 * (one a day of activity, so a year of study is 365 small items), the answer events for the
 * sessions, the active plan and the review queue, through the rules of dashboard-policy.ts.
 */

type Viewer = Pick<UserItem, 'id' | 'role'>;

/**
 * The member's days for the dashboard: the summary of the old ones (rebuilt from every day when
 * it is more than 35 days back, about once a week) and the days after it.
 */
async function dashboardDays(userId: string, today: string, log: Pick<Logger, 'warn'>): Promise<Day[]> {
  const kept = await readSummary(userId);
  const { summary } = kept;
  if (summaryServes(summary, today))
    return [...daysOfSummary(summary), ...(await listDaysAfter(userId, summary.through))];
  const days = await listDays(userId);
  await writeSummary(userId, summarize(days, today), kept, log);
  return days;
}

/** `GET /api/learning/dashboard`. */
export async function dashboard(
  viewer: Viewer,
  log: Pick<Logger, 'warn'>,
  now = currentTime(),
): Promise<Dashboard> {
  const today = japanDate(now);
  const [days, plan, reviewDue] = await Promise.all([
    dashboardDays(viewer.id, today, log),
    readActivePlan(viewer.id),
    reviewDueCount(viewer, now),
  ]);
  return {
    today: todayFigures(days, today),
    streak: streaks(days, today),
    goal: goalOf(plan, days, today),
    calendar: calendarOf(days, today),
    categories: categoriesOf(days),
    weaknesses: weaknessesOf(days, today).slice(0, LEARNING.dashboardWeaknesses),
    reviewDue,
  };
}

/** `GET /api/learning/daily-stats`: the days with activity from `from` to `to` (both included). */
export async function dailyStats(userId: string, from: string, to: string): Promise<DailyStat[]> {
  return dailyStatsOf(await listDays(userId), from, to);
}

/** `GET /api/learning/weaknesses`. */
export async function weaknesses(userId: string, now = currentTime()): Promise<Weakness[]> {
  return weaknessesOf(await listDays(userId), japanDate(now));
}

/** The most answer events read for the sessions (the sessions they make are answered). */
const SESSION_EVENTS_MAX = 5000;

/**
 * `GET /api/learning/sessions`: the latest `limit` sessions. Events are read newest first until
 * they make one session more than asked (so the oldest one answered is whole), then the study
 * records' times over the same span.
 */
export async function sessions(userId: string, limit: number): Promise<LearningSession[]> {
  const toActivity = (events: readonly AnswerEvent[]): Activity[] =>
    events.map((event) => ({ at: event.answeredAt, event }));
  const events = await latestEvents(
    userId,
    (read) => sessionsOf(toActivity(read), limit + 1).length > limit,
    SESSION_EVENTS_MAX,
  );
  const oldest = events.at(-1)?.answeredAt ?? '';
  const records = await studyRecordsSince(userId, oldest, SESSION_EVENTS_MAX);
  return sessionsOf(
    [
      ...toActivity(events),
      ...records.map((record) => ({ at: record.answeredAt, timeSpent: Number(record.timeSpent ?? 0) })),
    ],
    limit,
  );
}
