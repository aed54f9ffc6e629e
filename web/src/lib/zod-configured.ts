import { config } from 'zod/v4';

/**
 * The web app's `zod`: the build resolves every `import … from 'zod'` here (web/vite.config.ts).
 * Zod builds fast object parsers with `new Function` when the page allows it, and probes for that
 * by trying: the site's Content-Security-Policy has no `'unsafe-eval'`, so the probe would be
 * blocked and reported as a violation. Zod decides per schema when the schema is created; this
 * module runs before any module that imports `zod` (ES module order), wherever the bundler puts
 * Zod, so every schema is created jitless. Called by its own name: the build treats `z.*` calls
 * as pure.
 */
config({ jitless: true });

export * from 'zod/v4';
