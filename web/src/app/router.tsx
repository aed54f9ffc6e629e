import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from '@web/app/layout/app-layout';
import { PageFailed } from '@web/app/layout/page-failed';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { HomePage } from '@web/features/quizzes/components/home-page';

/** Every route of the spec's route table. Pages load on demand (route-level code splitting). */
// Login and register are one page; a shared loader keeps React Router from remounting it needlessly.
const authPage = async () => ({
  Component: (await import('@web/features/auth/components/auth-page')).AuthPage,
});

/** The static pages (terms, privacy, guidelines, help, FAQ, the commercial-transactions notice). */
const staticPages: RouteObject[] = [
  {
    path: paths.terms,
    lazy: async () => ({
      Component: (await import('@web/features/static-pages/components/terms-page')).TermsPage,
    }),
  },
  {
    path: paths.privacy,
    lazy: async () => ({
      Component: (await import('@web/features/static-pages/components/privacy-page')).PrivacyPage,
    }),
  },
  {
    path: paths.guidelines,
    lazy: async () => ({
      Component: (await import('@web/features/static-pages/components/guidelines-page')).GuidelinesPage,
    }),
  },
  {
    path: paths.help,
    lazy: async () => ({
      Component: (await import('@web/features/static-pages/components/help-page')).HelpPage,
    }),
  },
  {
    path: paths.faq,
    lazy: async () => ({
      Component: (await import('@web/features/static-pages/components/faq-page')).FaqPage,
    }),
  },
  {
    path: paths.tokushoho,
    lazy: async () => ({
      Component: (await import('@web/features/static-pages/components/tokushoho-page')).TokushohoPage,
    }),
  },
];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    HydrateFallback: Spinner,
    children: [
      {
        // A page that fails to render says so under the navigation bar.
        errorElement: <PageFailed />,
        children: [
          // The landing page comes with the entry: its first render needs no second round trip.
          { path: paths.home, Component: HomePage },
          { path: paths.login, lazy: authPage },
          { path: paths.register, lazy: authPage },
          {
            path: paths.emailRegister,
            lazy: async () => ({
              Component: (await import('@web/features/auth/components/email-register-page'))
                .EmailRegisterPage,
            }),
          },
          {
            path: paths.verifyEmail,
            lazy: async () => ({
              Component: (await import('@web/features/auth/components/verify-email-page')).VerifyEmailPage,
            }),
          },
          {
            path: paths.adminLoginVerify,
            lazy: async () => ({
              Component: (await import('@web/features/auth/components/admin-login-verify-page'))
                .AdminLoginVerifyPage,
            }),
          },
          {
            path: paths.patterns.quiz,
            lazy: async () => ({
              Component: (await import('@web/features/play/components/quiz-play-page')).QuizPlayPage,
            }),
          },
          {
            path: paths.multiplayer,
            lazy: async () => ({
              Component: (await import('@web/features/multiplayer/components/multiplayer-page'))
                .MultiplayerPage,
            }),
          },
          {
            // A class game's players (issue 31): public, no account needed.
            path: paths.join,
            lazy: async () => ({
              Component: (await import('@web/features/classroom/components/join-page')).JoinPage,
            }),
          },
          {
            path: paths.classroom,
            lazy: async () => ({
              Component: (await import('@web/features/classroom/components/games-page')).ClassGamesPage,
            }),
          },
          {
            path: paths.patterns.classroomGame,
            lazy: async () => ({
              Component: (await import('@web/features/classroom/components/host-page')).HostPage,
            }),
          },
          {
            path: paths.patterns.classroomResults,
            lazy: async () => ({
              Component: (await import('@web/features/classroom/components/results-page')).ClassResultsPage,
            }),
          },
          {
            path: paths.admin,
            lazy: async () => ({
              Component: (await import('@web/features/admin/components/admin-page')).AdminPage,
            }),
          },
          {
            path: paths.myQuizzes,
            lazy: async () => ({
              Component: (await import('@web/features/quizzes/components/my-quizzes-page')).MyQuizzesPage,
            }),
          },
          {
            path: paths.patterns.quizAnalytics,
            lazy: async () => ({
              Component: (await import('@web/features/quiz-analytics/components/quiz-analytics-page'))
                .QuizAnalyticsPage,
            }),
          },
          {
            path: paths.quizSearch,
            lazy: async () => ({
              Component: (await import('@web/features/quizzes/components/quiz-search-page')).QuizSearchPage,
            }),
          },
          {
            path: paths.patterns.tag,
            lazy: async () => ({
              Component: (await import('@web/features/quizzes/components/tag-page')).TagPage,
            }),
          },
          {
            path: paths.profile,
            lazy: async () => ({
              Component: (await import('@web/features/profile/components/profile-page')).ProfilePage,
            }),
          },
          {
            // Its charts (recharts) come with this page's chunk only.
            path: paths.learning,
            lazy: async () => ({
              Component: (await import('@web/features/learning/components/learning-page')).LearningPage,
            }),
          },
          {
            path: paths.focusedStudy,
            lazy: async () => ({
              Component: (await import('@web/features/focused-study/components/focused-study-page'))
                .FocusedStudyPage,
            }),
          },
          {
            path: paths.membership,
            lazy: async () => ({
              Component: (await import('@web/features/membership/components/membership-checkout-page'))
                .MembershipCheckoutPage,
            }),
          },
          {
            path: paths.resetPassword,
            lazy: async () => ({
              Component: (await import('@web/features/auth/components/reset-password-page'))
                .ResetPasswordPage,
            }),
          },
          ...staticPages,
          {
            path: paths.patterns.notFound,
            lazy: async () => ({
              Component: (await import('@web/features/not-found/not-found-page')).NotFoundPage,
            }),
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
