/**
 * Every query key of the app, from one factory (TanStack Query's key guide): a key is a path from
 * the general to the specific (`['quizzes', 'list', params]`), so a write refreshes a whole family
 * by its prefix (`invalidateQueries({ queryKey: queryKeys.quizzes.all })`) instead of naming each
 * key. The roots are the API's resources, not the features, so a feature refreshes what another
 * one shows without importing it. Per-user answers end with the user's id (docs/spec/core-platform.md §7
 * "keyed by user id"): a sign-out or a change of member never shows the last one's figures.
 */
export const queryKeys = {
  /** The signed-in user (`GET /api/auth/me`); kept apart when a sign-in refreshes everything else. */
  currentUser: ['current-user'] as const,
  categories: ['categories'] as const,
  /** Quizzes as everyone sees them: lists, the featured one, search, one quiz, its reports. */
  quizzes: {
    all: ['quizzes'] as const,
    list: (params: Record<string, string>) => ['quizzes', 'list', params] as const,
    featured: ['quizzes', 'featured'] as const,
    search: (params: Record<string, string>) => ['quizzes', 'search', params] as const,
    detail: (id: string) => ['quizzes', 'detail', id] as const,
    reports: (id: string) => ['quizzes', 'reports', id] as const,
  },
  /** Tags (issue 30): the popular ones; a quiz's write changes their counts, so it refreshes `all`. */
  tags: {
    all: ['tags'] as const,
    popular: (limit: number) => ['tags', 'popular', limit] as const,
  },
  /** The member's own quizzes, as their author sees them. */
  myQuizzes: {
    all: ['my-quizzes'] as const,
    detail: (id: string) => ['my-quizzes', id] as const,
    /** A quiz's per-question analytics (issue 30), under its detail: a write to the quiz refreshes both. */
    analytics: (id: string) => ['my-quizzes', id, 'analytics'] as const,
  },
  favorites: {
    all: ['favorites'] as const,
    one: (id: string) => ['favorites', id] as const,
  },
  user: {
    stats: ['user', 'stats'] as const,
    activity: ['user', 'activity'] as const,
  },
  /**
   * The member's learning records (issue 29): the dashboard (also the profile's summary), daily
   * stats, study plans, to-dos and the review of mistakes. An answer, a plan or a to-do changes
   * the dashboard too, so a write refreshes `all(userId)`.
   */
  learning: {
    all: (userId: string) => ['learning', userId] as const,
    dashboard: (userId: string) => ['learning', userId, 'dashboard'] as const,
    dailyStats: (userId: string, from: string, to: string) =>
      ['learning', userId, 'daily-stats', { from, to }] as const,
    plans: (userId: string) => ['learning', userId, 'plans'] as const,
    todos: (userId: string, date: string) => ['learning', userId, 'todos', date] as const,
    reviewQueue: (userId: string) => ['learning', userId, 'review-queue'] as const,
  },
  aiUsage: (userId: string) => ['ai-usage', userId] as const,
  membership: (userId: string) => ['membership', userId] as const,
  focusedStudy: {
    materials: (userId: string) => ['focused-study', 'materials', userId] as const,
    settings: (userId: string) => ['focused-study', 'settings', userId] as const,
    latest: (userId: string) => ['focused-study', 'latest', userId] as const,
    savedSets: (userId: string) => ['focused-study', 'saved-sets', userId] as const,
    reviews: (userId: string) => ['focused-study', 'reviews', userId] as const,
    unfinished: (userId: string) => ['focused-study', 'unfinished', userId] as const,
  },
  multiplayerRooms: ['multiplayer', 'rooms'] as const,
  /** The host's class games (issue 31): the list, one game, its results; a creation refreshes `all`. */
  classroom: {
    all: (userId: string) => ['classroom', userId] as const,
    list: (userId: string) => ['classroom', userId, 'list'] as const,
    game: (userId: string, gameId: string) => ['classroom', userId, 'game', gameId] as const,
    results: (userId: string, gameId: string) => ['classroom', userId, 'results', gameId] as const,
  },
  admin: {
    all: ['admin'] as const,
    flaggedQuizzes: ['admin', 'flagged-quizzes'] as const,
    hiddenQuizzes: ['admin', 'hidden-quizzes'] as const,
    reports: ['admin', 'reports'] as const,
    reportedUsers: ['admin', 'reported-users'] as const,
    tags: ['admin', 'tags'] as const,
  },
  registrationToken: (token: string) => ['registration-token', token] as const,
};
