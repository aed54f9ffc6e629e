/**
 * The learning records' words and numbers, apart from their schemas (`shared/learning.ts`, which
 * exports them again under the same names): the points a play earns, the achievements, the limits
 * and the Japanese texts. The quiz routes record plays and achievements; with the schemas, each of
 * their cold starts built every learning schema (docs/decisions.md, "Issue 28: a cold start loads
 * its own route").
 */

/**
 * Points: 10 per correct answer, plus 50 for a perfect score (docs/decisions.md).
 */
export const POINTS_PER_CORRECT = 10;
export const PERFECT_BONUS = 50;

export const ACHIEVEMENTS = {
  first_completion: { title: 'はじめの一歩', description: '初めてクイズを最後まで解きました' },
  first_perfect: { title: 'パーフェクト！', description: '初めて全問正解しました' },
  ten_completions: { title: 'クイズ好き', description: 'クイズを10回解きました' },
  first_creation: { title: 'クイズ作家デビュー', description: '初めてクイズを作りました' },
} as const;
export type AchievementKey = keyof typeof ACHIEVEMENTS;

/** The words of the profile's activity list. */
export const ACTIVITY_TEXT = {
  unanswered: '未回答',
  untitledQuiz: 'クイズ',
  quizCreated: 'クイズを作成しました',
  score: (score: number, total: number) => `${total}問中${score}問正解`,
} as const;

// ---------------------------------------------------------------- learning records (issue 29)

/**
 * A member's learning records: the dashboard, daily stats, weaknesses, study sessions, study plans,
 * daily to-dos and the review of mistakes (docs/spec/multiplayer-membership-study.md's data schema;
 * docs/decisions.md "Issue 29"). Days are Japan days (Asia/Tokyo), weeks start on Monday.
 */
export const LEARNING = {
  defaultDailyGoal: 5,
  defaultWeeklyGoal: 35,
  dailyGoalMax: 500,
  weeklyGoalMax: 3500,
  planTitleMax: 100,
  planDescriptionMax: 500,
  maxPlans: 20,
  todoTextMax: 200,
  maxTodosPerDay: 50,
  /** A to-do's day is at most this many days before or after today (Japan). */
  todoDayRange: 366,
  /** Days `GET /api/learning/daily-stats` answers at most. */
  dailyStatsMaxDays: 366,
  /** The dashboard's calendar: active days of the last 365. */
  calendarDays: 365,
  /** A study session ends after this long without an answer. */
  sessionGapMinutes: 30,
  sessionsDefaultLimit: 20,
  sessionsMaxLimit: 50,
  /** A category × difficulty is a weakness candidate from this many answers. */
  weaknessMinAttempts: 5,
  dashboardWeaknesses: 5,
  /** The trend compares the accuracy of the last 14 days with the 14 before, ±10 points. */
  trendDays: 14,
  trendPoints: 10,
  /** Each window needs this many answers for a trend other than 'stable'. */
  trendMinAttempts: 5,
  reviewSessionSize: 20,
  /** Right reviews in a row that master a wrong answer (it leaves the queue). */
  masteredAfter: 3,
  /** At most this many queue items are listed. */
  reviewQueueMax: 200,
} as const;

export const LEARNING_MESSAGES = {
  badDate: '日付はYYYY-MM-DDの形式で、実在する日付を指定してください',
  badRange: '期間の指定が正しくありません。開始日は終了日以前で、366日以内にしてください',
  badLimit: '件数は1〜50で指定してください',
  planTitle: 'タイトルは1〜100文字で入力してください',
  planDescription: '説明は500文字以内で入力してください',
  dailyGoal: '1日の目標は1〜500問の整数で指定してください',
  weeklyGoal: '週の目標は1〜3500問の整数で指定してください',
  planDates: '終了日は開始日以降の日付にしてください',
  examInPast: '試験日に過去の日付は指定できません',
  unknownCategory: '存在しないカテゴリです',
  planNothingToChange: '変更する項目を指定してください',
  tooManyPlans: '学習プランは20件までです。不要なプランを削除してから作成してください',
  planNotFound: '学習プランが見つかりません',
  planDeleted: '学習プランを削除しました',
  todoText: 'やることは1〜200文字で入力してください',
  todoNothingToChange: '変更する項目を指定してください',
  tooManyTodos: 'やることは1日50件までです',
  todoNotFound: 'やることが見つかりません',
  todoDateRange: 'やることの日付は今日の前後366日以内で指定してください',
  todoDeleted: 'やることを削除しました',
  reviewNotFound: '復習する問題が見つかりません',
  noDueReviews: '今日復習する問題はありません',
  /** A review answer to a question not due yet (its next review day, `YYYY-MM-DD`). */
  reviewNotDue: (day: string) => {
    const [, month, date] = day.split('-').map(Number);
    return `この問題の次の復習は${month}月${date}日です。その日になったらもう一度解いてください`;
  },
  reviewBusy: '復習の記録が他の操作で更新されました。もう一度お試しください',
} as const;

/** A real calendar day as `YYYY-MM-DD`. */
export const isCalendarDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
