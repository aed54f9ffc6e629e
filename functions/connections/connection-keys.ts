import { entity } from '../data/keys';

/** Keys of WebSocket connections (connection.ts). */
export const ConnectionKeys = entity({
  entity: 'WebSocket connection',
  module: 'functions/connections/connection.ts',
  pk: 'CONNECTION#{connectionId}',
  sk: 'CONNECTION',
  byOwner: 'CONNECTION#{connectedAt}',
  notes:
    "`sessionPk`: the session it was opened with (ending the session closes it); a guest's (`guest: true`, opened without a session to join a class game) has no `userId`, `sessionPk` or owner entry; `classGameId`, `classPlayerId`: the class game and player the socket plays as; `viewerAddress`: the address `$connect` found (the viewer's, else `sourceIp`), which every message's limits per address count by; `msgSecond`, `msgCount`, `msgPrevSecond`, `msgPrevCount`: the socket's messages a second (its limit), counted by the write that also reads the item; written at `$connect`, removed at `$disconnect` or on `GoneException`; `ttl` 2 h (API Gateway's maximum connection time)",
});

export const connectionKey = (connectionId: string) => ConnectionKeys.key({ connectionId });
