import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SPA_PAGES, withHomeFrame } from '../shared/spa-pages';

const fromRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * The entry's stylesheet (base, layout, toasts, the home page: what the first paint needs) goes
 * into the page itself, so the first paint does not wait for a second request. Pages' own styles
 * stay in their chunks.
 *
 * It is also taken off the entry chunk's list of stylesheets: Vite's loader of lazy chunks loads
 * the stylesheets of every chunk a lazy one imports, and a link it does not find in the page (it
 * does not see the inlined copy) would be fetched and added after the page's own styles, overriding
 * them (the play page lost its top padding when the question view arrived: a layout shift).
 */
function inlineEntryCss(): Plugin {
  const inlined: string[] = [];
  return {
    name: 'quiz:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    renderChunk: {
      order: 'post',
      handler(_code, chunk) {
        if (!chunk.isEntry || chunk.name !== 'index') return null;
        const css = chunk.viteMetadata?.importedCss;
        inlined.push(...(css ?? []));
        css?.clear();
        return null;
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const styles = inlined.map((file) => {
          const asset = context.bundle?.[file];
          if (asset?.type !== 'asset')
            throw new Error(`the entry stylesheet ${file} is missing from the build`);
          return `<style>${String(asset.source)}</style>`;
        });
        return html.replace('</head>', `  ${styles.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * Home's own page (`home.html`): the built `index.html` with home's hero in its frame, so home's
 * largest text is painted with the first response instead of after the app's scripts. CloudFront
 * and the local gateway answer `/` with it (shared/spa-pages.ts).
 */
function homePage(): Plugin {
  return {
    name: 'quiz:home-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle[SPA_PAGES.app];
      if (index?.type !== 'asset') throw new Error('index.html is missing from the build');
      this.emitFile({
        type: 'asset',
        fileName: SPA_PAGES.home,
        source: withHomeFrame(String(index.source), readFileSync(fromRoot('web/home-frame.html'), 'utf8')),
      });
    },
  };
}

/**
 * The page's first API reads start from a script of their own (src/preload.ts, lib/first-load.ts),
 * placed before the app's entry: a separate entry, so it runs as soon as its few hundred bytes
 * arrive instead of after the app's whole module graph.
 */
const PRELOAD_ENTRY = 'src/preload.ts';
function firstLoadScript(): Plugin {
  return {
    name: 'quiz:first-load-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entry = context.bundle
          ? Object.values(context.bundle).find((chunk) => chunk.type === 'chunk' && chunk.name === 'preload')
          : undefined;
        // In development Vite serves the module from source.
        const src = context.bundle ? entry && `/${entry.fileName}` : `/${PRELOAD_ENTRY}`;
        if (!src) throw new Error('the preload entry is missing from the build');
        // Ahead of the app's entry, and `async`: it runs when it arrives, not in turn after the app.
        const at = html.indexOf('<script type="module"');
        const tag = `<script type="module" async crossorigin src="${src}"></script>\n    `;
        return at < 0 ? html : html.slice(0, at) + tag + html.slice(at);
      },
    },
  };
}

/**
 * The SPA build (served by CloudFront from S3 in AWS, by the local gateway's Vite middleware locally).
 *
 * The dev server serves the web app and nothing else of the repository: by default Vite serves any
 * file under the repository root (the local database in `.data/`, server source, `.env` files).
 */
export default defineConfig(({ command }) => ({
  root: fromRoot('web'),
  publicDir: fromRoot('web/public'),
  plugins: [react(), inlineEntryCss(), firstLoadScript(), homePage()],
  resolve: {
    alias: [
      { find: '@shared', replacement: fromRoot('shared') },
      { find: '@web', replacement: fromRoot('web/src') },
      // Zod set to jitless before any schema exists, whichever chunk Zod lands in (zod-configured.ts).
      { find: /^zod$/, replacement: fromRoot('web/src/lib/zod-configured.ts') },
    ],
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
      input: { index: fromRoot('web/index.html'), preload: fromRoot(`web/${PRELOAD_ENTRY}`) },
      // Zod's builders have no side effects: a schema nobody uses (an answer schema beside an error
      // list the entry needs) is left out, and Zod with it, until a page that parses loads it.
      // Zod's settings are applied by `config(…)` under its own name, so they are kept.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Fewer, larger chunks: the framework in one file the browser fetches with the entry, and the
        // icons in one, instead of a waterfall of 1 KB files after each page's chunk.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              priority: 2,
            },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
            // The rest of what the entry needs before its first render, in one file rather than a
            // dozen of 1 KB: over HTTP/1.1 each is a round trip on one of six connections. The
            // preload script stays on its own (it must not wait for any of it).
            {
              name: 'app',
              tags: ['$initial'],
              test: (id: string) => !id.includes('/web/src/preload.ts') && !id.includes('/lib/first-load.ts'),
            },
          ],
        },
      },
    },
  },
}));
