import { lazy, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { discardPreloaded } from './api-client';

/**
 * What no one needs while a page is first coming up (the user menu, the phone drawer, the
 * notification area, the quiz cards' menus) loads once that page has shown its content: on a phone
 * on a slow network its bytes would otherwise compete with the page's own. Until then each shows an
 * inert stand-in.
 */
let settle!: () => void;
const settled = new Promise<void>((resolve) => (settle = resolve));

/** Whatever happens, nothing waits longer than this after the app has started. */
const LONGEST_WAIT_MS = 3_000;

/** `lazy`, but the import starts only when the first page has settled (`watchFirstLoad`). */
export function lazyAfterFirstLoad<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    await settled;
    return load();
  });
}

/** Runs `task` (a prefetch) once the first page has settled. */
export const afterFirstLoad = (task: () => unknown) => void settled.then(task);

/** Says the first page has settled now (tests, where no app is watching). */
export const markFirstLoadSettled = () => settle();

interface RouterState {
  initialized: boolean;
  navigation: { state: string };
}

/**
 * Watches the first page come up: it has settled once its route has loaded, no query is fetching,
 * and the browser has time to spare. Then the early reads it did not take are dropped and what
 * waited for it loads. Returns a function that stops watching.
 */
export function watchFirstLoad(
  router: { state: RouterState; subscribe: (listener: (state: RouterState) => void) => () => void },
  queryClient: QueryClient,
): () => void {
  let done = false;
  const quiet = () =>
    router.state.initialized && router.state.navigation.state === 'idle' && queryClient.isFetching() === 0;
  const finish = () => {
    if (done) return;
    done = true;
    stop();
    // What the page has not taken from the early reads by now, it will not need.
    discardPreloaded();
    settle();
  };
  const whenIdle = (callback: () => void) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(callback, { timeout: 1_000 })
      : setTimeout(callback, 50);
  let waiting = false;
  const check = () => {
    if (done || waiting || !quiet()) return;
    // A page that has just rendered starts its queries in the same task: looked at again when idle.
    waiting = true;
    whenIdle(() => {
      waiting = false;
      if (quiet()) finish();
    });
  };
  const stopRouter = router.subscribe(check);
  const stopQueries = queryClient.getQueryCache().subscribe(check);
  const timer = setTimeout(finish, LONGEST_WAIT_MS);
  const stop = () => {
    stopRouter();
    stopQueries();
    clearTimeout(timer);
  };
  check();
  return stop;
}
