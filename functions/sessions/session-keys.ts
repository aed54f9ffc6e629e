import { createHash } from 'node:crypto';
import { entity } from '../data/keys';

/** Keys of sessions (session.ts). */
export const SessionKeys = entity({
  entity: 'Session',
  module: 'functions/sessions/session.ts',
  pk: 'SESSION#{hash}',
  sk: 'SESSION',
  byOwner: 'SESSION#{createdAt}',
  fields: { hash: 'SHA-256 of the `sid` cookie value' },
  notes:
    'only the hash of the cookie value is stored; 7 days; `csrfToken` bound to it; `expiresAt` checked in code, `ttl` cleans up',
});

const hashSessionId = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url');

/** The session item of a `sid` cookie value. */
export const sessionKey = (sessionId: string) => SessionKeys.key({ hash: hashSessionId(sessionId) });
