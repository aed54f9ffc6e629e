import { entity } from '../data/keys';

/** Keys of WebSocket connections (connection.ts). */
export const ConnectionKeys = entity({
  entity: 'WebSocket connection',
  module: 'functions/connections/connection.ts',
  pk: 'CONNECTION#{connectionId}',
  sk: 'CONNECTION',
  byOwner: 'CONNECTION#{connectedAt}',
  notes:
    "`sessionPk`: the session it was opened with (ending the session closes it); written at `$connect`, removed at `$disconnect` or on `GoneException`; `ttl` 2 h (API Gateway's maximum connection time)",
});

export const connectionKey = (connectionId: string) => ConnectionKeys.key({ connectionId });
