import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const fromRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * The SPA build (served by CloudFront from S3 in AWS, by the local gateway's Vite middleware locally).
 *
 * The dev server serves the web app and nothing else of the repository: by default Vite serves any
 * file under the repository root (the local database in `.data/`, server source, `.env` files).
 */
export default defineConfig(({ command }) => ({
  root: fromRoot('web'),
  publicDir: fromRoot('web/public'),
  plugins: [react()],
  resolve: {
    alias: {
      '@shared': fromRoot('shared'),
      '@web': fromRoot('web/src'),
    },
  },
  // A placeholder the local gateway replaces with a fresh nonce per page (and puts in that page's
  // CSP), so the inline React Refresh preamble and Vite's client pass `script-src`. Development
  // only: the built page has no inline script.
  ...(command === 'serve' ? { html: { cspNonce: '__QUIZ_DEV_CSP_NONCE__' } } : {}),
  server: {
    fs: {
      strict: true,
      // The app (web/), the code it shares with the functions (shared/), and its packages.
      allow: [fromRoot('web'), fromRoot('shared'), fromRoot('node_modules')],
      // Wins over `allow`. Vite's defaults, plus the local data, server code, and database files.
      deny: [
        '.env',
        '.env.*',
        '*.{crt,pem,key}',
        '*.db',
        '**/.git/**',
        '**/.data/**',
        `${fromRoot('functions')}/**`,
        `${fromRoot('scripts')}/**`,
        `${fromRoot('infra')}/**`,
      ],
    },
  },
  build: {
    outDir: fromRoot('web/dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // Zod's builders have no side effects: a schema nobody uses (an answer schema beside an error
      // list the entry needs) is left out, and Zod with it, until a page that parses loads it.
      // Zod's settings are applied by `config(…)` under its own name, so they are kept.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
}));
