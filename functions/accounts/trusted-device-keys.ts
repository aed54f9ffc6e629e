import { createHash } from 'node:crypto';
import { entity } from '../data/keys';

/** Keys of the browsers trusted for an account (trusted-device-store.ts). */
export const DeviceKeys = entity({
  entity: 'Trusted device',
  module: 'functions/accounts/trusted-device-store.ts',
  pk: 'DEVICE#{hash}',
  sk: 'DEVICE',
  byOwner: 'DEVICE#{createdAt}',
  fields: { hash: 'SHA-256 of the `did` cookie value' },
  notes:
    "userId, username (NFKC lower case), failures (its own lock after 10), `expiresAt` 180 days; a browser that signed in to the account signs in whatever the username's lock says",
});

export const deviceKey = (token: string) =>
  DeviceKeys.key({ hash: createHash('sha256').update(token).digest('base64url') });
