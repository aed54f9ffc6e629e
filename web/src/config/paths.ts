/** The play page's route pattern; `paths.quiz` fills it in. */
const quizPattern = '/quiz/:id';
/** A quiz's analytics for its author (issue 30); `paths.quizAnalytics` fills it in. */
const quizAnalyticsPattern = '/my-quizzes/:id/analytics';
/** A tag's page (issue 30); `paths.tag` fills it in. */
const tagPattern = '/tags/:name';

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
    /** Any path no other route matches: the not-found page. */
    notFound: '*',
  },
} as const;
