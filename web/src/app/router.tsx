import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from '@web/components/layout/app-layout';
import { paths } from '@web/config/paths';

/**
 * Every route of the spec's route table. Pages load on demand (route-level code splitting).
 * A route whose feature is not built yet renders only the layout.
 */
const notBuiltYet = (path: string): RouteObject => ({ path, element: null });

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    HydrateFallback: () => <div className="page-loading" role="status" aria-label="読み込み中" />,
    children: [
      {
        path: paths.home,
        lazy: async () => ({ Component: (await import('@web/features/home/components/home-page')).HomePage }),
      },
      notBuiltYet(paths.login),
      notBuiltYet(paths.register),
      notBuiltYet(paths.emailRegister),
      notBuiltYet(paths.verifyEmail),
      notBuiltYet(paths.adminLoginVerify),
      notBuiltYet('/quiz/:id'),
      notBuiltYet(paths.multiplayer),
      notBuiltYet(paths.admin),
      notBuiltYet(paths.myQuizzes),
      notBuiltYet(paths.quizSearch),
      notBuiltYet(paths.profile),
      notBuiltYet(paths.focusedStudy),
      notBuiltYet(paths.proCheckout),
      notBuiltYet(paths.resetPassword),
      notBuiltYet(paths.terms),
      notBuiltYet(paths.privacy),
      notBuiltYet(paths.guidelines),
      notBuiltYet(paths.help),
      notBuiltYet(paths.faq),
      notBuiltYet(paths.tokushoho),
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('@web/features/not-found/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
