/**
 * Business constants from the specification (docs/spec/core-platform.md §9, docs/spec/multiplayer-membership-study.md §9).
 * The web app and the functions read them from here so a limit is written once.
 */
export const LIMITS = {
  quizzesFree: 3,
  quizzesWithMembership: 100,
  aiGenerationsPerDayFree: 3,
  aiGenerationsPerDayWithMembership: 200,
  aiQuestionsMin: 1,
  aiQuestionsMax: 20,
  aiQuestionsDefault: 5,
  aiTextMinLength: 10,
  uploadMaxBytes: 10 * 1024 * 1024,
  homeQuizListLimit: 50,
  /** Quizzes one search answers at most: a page that gets this many says 「100件以上」, not a total. */
  searchResultsMax: 100,
  /** Characters a search's words may have (the search boxes stop there). */
  searchTextMaxLength: 100,
  /** Questions in one quiz, by hand or by AI (the form stops adding at this many). */
  questionsPerQuizMax: 50,
  timeLimitMinMinutes: 1,
  timeLimitMaxMinutes: 60,
  timeLimitDefaultMinutes: 10,
  nicknameMaxLength: 20,
  usernameMinLength: 3,
  passwordMinLength: 8,
  loginFailuresBeforeLock: 10,
  verificationLinkHours: 24,
  categoryNameMaxLength: 100,
  /** Largest JSON body a route accepts unless the route table says otherwise. */
  jsonBodyMaxBytes: 256 * 1024,
} as const;

export const UI = {
  homeSkeletons: 6,
  searchSkeletons: 9,
  drawerSwipeThresholdPx: 60,
  toastDurationMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  toastSwipeThresholdPx: 50,
  currentUserStaleMs: 10 * 60 * 1000,
  loginPollTries: 5,
  loginPollIntervalMs: 200,
  adminReportsRefetchMs: 10_000,
  resultThresholdExcellent: 0.8,
  resultThresholdGood: 0.6,
} as const;

export const DIFFICULTIES = ['初級', '中級', '上級'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const ANSWER_LETTERS = ['A', 'B', 'C', 'D'] as const;
export type AnswerLetter = (typeof ANSWER_LETTERS)[number];

export const REPORT_REASONS = ['inappropriate', 'spam', 'copyright', 'incorrect', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Stored category defaults (docs/spec/multiplayer-membership-study.md §3). */
export const CATEGORY_DEFAULTS = { color: '#3B82F6', icon: 'folder' } as const;
