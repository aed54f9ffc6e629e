import { z } from 'zod';

/**
 * Zod's built-in Japanese locale for messages a schema does not set itself. Imported once by
 * the functions' handler factory and by the web app's entry, so both speak Japanese.
 */
z.config(z.locales.ja());
