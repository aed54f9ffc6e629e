import { config } from 'zod';

/**
 * Zod builds fast object parsers with `new Function` when the page allows it, and probes for that
 * by trying: the site's Content-Security-Policy has no `'unsafe-eval'`, so the probe is blocked
 * and reported as a violation on every page. Jitless parsing needs neither. Zod decides per schema
 * when the schema is created, so this module is the first thing the app imports.
 */
// Called by its own name, not as `z.config`: the build treats `z.*` calls as pure (vite.config.ts),
// and this one is kept for its effect.
config({ jitless: true });
