import * as z from 'zod';

/**
 * Zod builds fast object parsers with `new Function` when the page allows it, and probes for that
 * by trying: the site's Content-Security-Policy has no `'unsafe-eval'`, so the probe is blocked
 * and reported as a violation on every page. Jitless parsing needs neither. Zod decides per schema
 * when the schema is created, so this module is the first thing the app imports.
 */
z.config({ jitless: true });
