/** The play page's route pattern; `paths.quiz` fills it in. */
const quizPattern = '/quiz/:id';
/** A quiz's analytics for its author (issue 30); `paths.quizAnalytics` fills it in. */
const quizAnalyticsPattern = '/my-quizzes/:id/analytics';
/** A tag's page (issue 30); `paths.tag` fills it in. */
const tagPattern = '/tags/:name';
/** A class game's host screen and its results (issue 31); `paths.classroomGame` / `classroomResults` fill them in. */
const classroomGamePattern = '/classroom/:gameId';
const classroomResultsPattern = '/classroom/:gameId/results';

/**
 * The spec's route table (docs/spec/multiplayer-membership-study.md §2). Every page path is written here once;
 * links and the router use these. `patterns` are what the router matches where a path takes a
 * parameter (or matches anything).
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  emailRegister: '/email-register',
  verifyEmail: '/verify-email',
  adminLoginVerify: '/admin-login-verify',
  quiz: (id: string, options: { random?: boolean } = {}) =>
    `${quizPattern.replace(':id', encodeURIComponent(id))}${options.random ? '?mode=random' : ''}`,
  multiplayer: '/multiplayer',
  admin: '/admin',
  myQuizzes: '/my-quizzes',
  quizAnalytics: (id: string) => quizAnalyticsPattern.replace(':id', encodeURIComponent(id)),
  quizSearch: '/quiz-search',
  /** The search narrowed to a category (a weakness's quizzes). */
  quizSearchIn: (category: string) => `/quiz-search?category=${encodeURIComponent(category)}`,
  /** A tag's quizzes. */
  tag: (name: string) => tagPattern.replace(':name', encodeURIComponent(name)),
  learning: '/learning',
  /** A class game's players join here (no account needed); `?pin=` comes from the host's QR code. */
  join: '/join',
  joinWithPin: (pin: string) => `/join?pin=${encodeURIComponent(pin)}`,
  /** The host's class games. */
  classroom: '/classroom',
  classroomGame: (gameId: string) => classroomGamePattern.replace(':gameId', encodeURIComponent(gameId)),
  classroomResults: (gameId: string) =>
    classroomResultsPattern.replace(':gameId', encodeURIComponent(gameId)),
  profile: '/profile',
  focusedStudy: '/focused-study',
  membership: '/pro-checkout',
  resetPassword: '/reset-password',
  terms: '/terms',
  privacy: '/privacy',
  guidelines: '/guidelines',
  help: '/help',
  faq: '/faq',
  tokushoho: '/tokutei-shoutorihikihou',
  patterns: {
    quiz: quizPattern,
    quizAnalytics: quizAnalyticsPattern,
    tag: tagPattern,
    classroomGame: classroomGamePattern,
    classroomResults: classroomResultsPattern,
    /** Any path no other route matches: the not-found page. */
    notFound: '*',
  },
} as const;
