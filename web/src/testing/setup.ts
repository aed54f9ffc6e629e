import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { markFirstLoadSettled } from '@web/lib/first-load-settled';

// No app watches the first page come up here: what waits for it loads at once.
markFirstLoadSettled();

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
