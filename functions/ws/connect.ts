import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { COOKIE_NAMES, VIEWER_ADDRESS_HEADER } from '@shared/api';
import { saveConnection } from '../connections/connection';
import { openGuestSocket } from '../connections/guest';
import { getConfig } from '../lib/config';
import { parseCookies } from '../lib/cookies';
import { createLogger, withRequestLog, type Logger } from '../lib/logger';
import { UnauthorizedError } from '../lib/errors';
import { withinIpRateLimit, withinRateLimit } from '../lib/rate-limit';
import { managementEndpoint } from './handler';
import { SOCKET_LIMITS } from './socket-limits';
import { findSession } from '../sessions/session';
import { accountStanding } from '../users/user-policy';
import { getUser } from '../users/user-store';

/**
 * `$connect` carries the upgrade request's headers and the caller's `identity` (API Gateway adds
 * them; the v2 event types omit them).
 */
type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  headers?: Record<string, string | undefined>;
  requestContext: { identity?: { sourceIp?: string } };
};

/**
 * `$connect`: only pages of this site (Origin) may open a socket. With a session cookie, the
 * session must be live and its account in good standing, at most `opensPerMinute` sockets a minute
 * per member (a socket closed for flooding must not come back at once with a fresh allowance).
 * Without a session cookie at all the socket is a guest's (issue 31: it may only join a class
 * game, docs/classroom.md), at most `guestOpensPerAddressPerMinute` a minute per address (a whole
 * class behind one school address), and closed by the game clock `CLASSROOM_LIMITS.guestJoinSeconds`
 * after it opened unless it joined one. Anything else is refused before the socket exists.
 */
export const handler = async (event: ConnectEvent): Promise<APIGatewayProxyResultV2> => {
  const { connectionId, requestId } = event.requestContext;
  const log = createLogger({ requestId, route: '$connect', connectionId }, getConfig().logLevel);
  return withRequestLog(log, (scoped) => connect(event, scoped));
};

async function connect(event: ConnectEvent, log: Logger): Promise<APIGatewayProxyResultV2> {
  const config = getConfig();
  const { connectionId } = event.requestContext;
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  if (headers.origin !== new URL(config.appUrl).origin) {
    log.warn('connection refused', { reason: 'origin', origin: headers.origin });
    return { statusCode: 403 };
  }
  const address = viewerAddress(event, headers);
  const sessionId = parseCookies(headers.cookie ? [headers.cookie] : []).get(COOKIE_NAMES.session);
  // Only a request with no session cookie at all is a guest: a cookie naming no live session is
  // refused below as before (a page whose session ended signs in again, it is not made a guest).
  if (sessionId === undefined) return connectGuest(event, address, log);
  const session = sessionId ? await findSession(sessionId) : undefined;
  if (session && !(await withinRateLimit(`ws-open#${session.userId}`, SOCKET_LIMITS.opensPerMinute, 60))) {
    log.warn('connection refused', { reason: 'rate_limited', userId: session.userId });
    return { statusCode: 429 };
  }
  const user = session ? await getUser(session.userId) : undefined;
  if (!session || !user || accountStanding(user) !== 'ok') {
    log.info('connection refused', { reason: 'session' });
    return { statusCode: 401 };
  }
  try {
    await saveConnection({
      connectionId,
      userId: user.id,
      sessionPk: session.pk,
      endpoint: managementEndpoint(event),
      viewerAddress: address,
    });
  } catch (error) {
    // The account's deletion began meanwhile: no socket for it.
    if (error instanceof UnauthorizedError) return { statusCode: 401 };
    throw error;
  }
  log.info('connected', { userId: user.id });
  return { statusCode: 200 };
}

/**
 * The address a socket's limits per address count by (a guest's opens here, every socket's
 * messages through its connection item): the one CloudFront saw (`VIEWER_ADDRESS_HEADER`, written
 * by the edge over anything the visitor sent, for `/ws` as for `/api/*`), else the socket's
 * `sourceIp` (which behind CloudFront is an edge server's, shared by many visitors). Only
 * `$connect` carries the upgrade's headers, so it is kept on the connection item.
 */
const viewerAddress = (event: ConnectEvent, headers: Record<string, string | undefined>) =>
  headers[VIEWER_ADDRESS_HEADER] || event.requestContext.identity?.sourceIp || 'unknown';

async function connectGuest(
  event: ConnectEvent,
  address: string,
  log: Logger,
): Promise<APIGatewayProxyResultV2> {
  const { connectionId } = event.requestContext;
  if (!(await withinIpRateLimit('ws-open', address, SOCKET_LIMITS.guestOpensPerAddressPerMinute, 60))) {
    log.warn('connection refused', { reason: 'rate_limited', guest: true });
    return { statusCode: 429 };
  }
  await openGuestSocket({ connectionId, endpoint: managementEndpoint(event), viewerAddress: address });
  log.info('connected', { guest: true });
  return { statusCode: 200 };
}
