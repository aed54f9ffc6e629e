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
    rollupOptions: {
      output: {
        // Zod and the module that makes it jitless travel in one chunk, so the setting is made before
        // any other chunk creates a schema, however the app's modules are split (see zod-jitless.ts).
        manualChunks: (id: string) =>
          /[\\/]node_modules[\\/]zod[\\/]/.test(id) || id.endsWith('zod-jitless.ts') ? 'zod' : undefined,
      },
    },
  },
}));
