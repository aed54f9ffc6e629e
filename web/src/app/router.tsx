import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from '@web/components/layout/app-layout';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';

/**
 * Every route of the spec's route table. Pages load on demand (route-level code splitting).
 * A route whose feature is not built yet renders only the layout.
 */
const notBuiltYet = (path: string): RouteObject => ({ path, element: null });
// Login and register are one page; a shared loader keeps React Router from remounting it needlessly.
const authPage = async () => ({
  Component: (await import('@web/features/auth/components/auth-page')).AuthPage,
});

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    HydrateFallback: Spinner,
    children: [
      {
        path: paths.home,
        lazy: async () => ({ Component: (await import('@web/features/home/components/home-page')).HomePage }),
      },
      { path: paths.login, lazy: authPage },
      { path: paths.register, lazy: authPage },
      {
        path: paths.emailRegister,
        lazy: async () => ({
          Component: (await import('@web/features/auth/components/email-register-page')).EmailRegisterPage,
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
          Component: (await import('@web/features/multiplayer/components/multiplayer-page')).MultiplayerPage,
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
        path: paths.quizSearch,
        lazy: async () => ({
          Component: (await import('@web/features/quizzes/components/quiz-search-page')).QuizSearchPage,
        }),
      },
      {
        path: paths.profile,
        lazy: async () => ({
          Component: (await import('@web/features/profile/components/profile-page')).ProfilePage,
        }),
      },
      {
        path: paths.focusedStudy,
        lazy: async () => ({
          Component: (await import('@web/features/focused-study/components/focused-study-page'))
            .FocusedStudyPage,
        }),
      },
      notBuiltYet(paths.proCheckout),
      {
        path: paths.resetPassword,
        lazy: async () => ({
          Component: (await import('@web/features/auth/components/reset-password-page')).ResetPasswordPage,
        }),
      },
      notBuiltYet(paths.terms),
      notBuiltYet(paths.privacy),
      notBuiltYet(paths.guidelines),
      notBuiltYet(paths.help),
      notBuiltYet(paths.faq),
      notBuiltYet(paths.tokushoho),
      {
        path: paths.patterns.notFound,
        lazy: async () => ({
          Component: (await import('@web/features/not-found/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
