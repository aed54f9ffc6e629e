import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { markFirstLoadSettled } from '@web/lib/first-load-settled';

// No app watches the first page come up here: what waits for it loads at once.
markFirstLoadSettled();

// `findBy…` and `waitFor` wait until the page shows what they look for: their own 1 s default is a
// limit a loaded machine reaches while the page is right. The test's limit (5 minutes, in
// tests/support/limits.ts) ends a wait that never comes true.
configure({ asyncUtilTimeout: 5 * 60_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
