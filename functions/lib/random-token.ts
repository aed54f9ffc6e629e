import { randomBytes } from 'node:crypto';

/** An unguessable URL-safe token (session ids, CSRF tokens, one-time links): 32 random bytes by default. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
