import { config } from 'zod';
import ja from 'zod/v4/locales/ja.js';

/**
 * Zod's built-in Japanese locale for messages a schema does not set itself. Imported once by
 * the functions' handler factory and by the web app's forms, so both speak Japanese. The locale
 * is imported on its own: `z.locales` would bundle every language.
 */
// By its own name: the web build treats `z.*` calls as pure (web/vite.config.ts) and would drop this one.
config(ja());
