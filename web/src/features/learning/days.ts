/**
 * Days as the learning records count them: `YYYY-MM-DD` Japan days (the server's `today.date`),
 * moved by whole days in UTC arithmetic so the browser's time zone never shifts one.
 */
const DAY_MS = 86_400_000;

const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The day `days` after `day` (before it when negative). */
export const addDays = (day: string, days: number) => fromTime(toTime(day) + days * DAY_MS);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((toTime(to) - toTime(from)) / DAY_MS);

/** 0 for Monday … 6 for Sunday (a week starts on Monday). */
export const weekdayFromMonday = (day: string) => (new Date(toTime(day)).getUTCDay() + 6) % 7;

/** 「11/26」: a day in a chart's axis. */
export const shortDay = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

/** 「2026年11月26日（木）」: a day in full, for tables and screen readers. */
export const longDay = (day: string) =>
  `${Number(day.slice(0, 4))}年${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日（${'月火水木金土日'[weekdayFromMonday(day)]}）`;

/** 「12分」 or 「1時間5分」 for seconds of study. */
export function studyTime(seconds: number) {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes}分`;
  return `${Math.floor(minutes / 60)}時間${minutes % 60 ? `${minutes % 60}分` : ''}`;
}

/** An integer percent of `part` in `whole` (0 for no whole). */
export const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);
