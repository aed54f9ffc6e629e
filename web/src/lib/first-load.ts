/**
 * The API reads a page makes as soon as it opens, started by `preload.ts` while the app's scripts
 * are still on their way (a phone on a slow network would otherwise fetch the scripts, run them,
 * and only then ask for the data: two or three round trips before the page has anything to show).
 * The app takes each answer the first time it asks for that URL (`takePreloaded` in api-client.ts).
 * This module is the preload script's alone: the app's chunks do not import it.
 *
 * The URLs are the ones the pages' queries build (`routeUrl`); they cannot be imported from the
 * contract, which would bring Zod into this script. The browser test of the first load checks that
 * each page asks for exactly these, once: a page that changes its query shows up there.
 */

import { hintsSignedIn } from './signed-in-hint';

/**
 * The reads of a page: `always`, and `signedIn` for a member: at once in a browser that holds the
 * sign-in hint (signed-in-hint.ts), otherwise once `/api/auth/me` has said who is signed in.
 */
export interface FirstLoadReads {
  always: string[];
  signedIn: string[];
}

export const CURRENT_USER_URL = '/api/auth/me';

export function firstLoadReads(pathname: string, search: string): FirstLoadReads {
  // Pages whose reads depend on the address's query string are left to the app.
  const plain = search === '' || search === '?';
  if (pathname === '/' && plain) {
    return {
      always: [
        CURRENT_USER_URL,
        '/api/quizzes/featured',
        '/api/categories',
        '/api/quizzes?limit=50',
        // The popular tags (popular-tags.tsx, HOME_TAG_COUNT).
        '/api/tags?limit=12',
      ],
      signedIn: ['/api/favorites'],
    };
  }
  if (pathname === '/quiz-search' && plain) {
    return {
      always: [CURRENT_USER_URL, '/api/quizzes/search?sort=popular', '/api/categories'],
      signedIn: ['/api/favorites'],
    };
  }
  if (pathname === '/my-quizzes') {
    return { always: [CURRENT_USER_URL], signedIn: ['/api/my-quizzes', '/api/favorites'] };
  }
  const quiz = /^\/quiz\/([^/]+)$/.exec(pathname);
  if (quiz) return { always: [CURRENT_USER_URL, `/api/quizzes/${quiz[1]}`], signedIn: [] };
  return { always: [CURRENT_USER_URL], signedIn: [] };
}

/** A read started before the app: its answer, and when it was asked. */
export interface Preloaded {
  response: Promise<Response>;
  askedAt: number;
}

declare global {
  interface Window {
    /** Filled by `preload.ts`; emptied by `takePreloaded`. */
    __quizPreloaded?: Map<string, Preloaded>;
  }
}

/** Starts a page's first reads (`preload.ts` calls it once, before the app's scripts arrive). */
export function startFirstLoad(pathname: string, search: string): void {
  const preloaded = new Map<string, Preloaded>();
  window.__quizPreloaded = preloaded;
  const read = (url: string) => {
    const response = fetch(url, { credentials: 'include' });
    // A failed read is the app's to report, when it asks again.
    response.catch(() => undefined);
    preloaded.set(url, { response, askedAt: performance.now() });
    return response;
  };
  const reads = firstLoadReads(pathname, search);
  for (const url of reads.always) read(url);
  // A browser that signed in asks for the member's reads at once, beside who is signed in: one
  // round trip less before my quizzes has its list (a session ended meanwhile answers them 401, and
  // the app, told by /api/auth/me, never takes them). Any other browser waits for the answer.
  if (reads.signedIn.length > 0 && hintsSignedIn()) {
    for (const url of reads.signedIn) read(url);
  } else if (reads.signedIn.length > 0) {
    void preloaded
      .get(CURRENT_USER_URL)!
      .response.then((me) => {
        if (me.ok) for (const url of reads.signedIn) read(url);
      })
      .catch(() => undefined);
  }
}
