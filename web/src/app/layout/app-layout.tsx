import { Suspense, useRef } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Spinner } from '@web/components/ui/spinner';
import { Footer } from './footer';
import { NavBar } from './nav-bar';
import { useFocusOnNavigation } from './use-focus-on-navigation';
import './layout.css';

/** Every screen: navigation bar, the page, footer. */
export function AppLayout() {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        本文へ移動
      </a>
      <NavBar />
      <main id="main" className="main" tabIndex={-1} ref={main}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
