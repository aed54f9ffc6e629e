import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { COOKIE_NAMES } from '@shared/api';
import { saveConnection } from '../connections/connection';
import { getConfig } from '../lib/config';
import { parseCookies } from '../lib/cookies';
import { createLogger, withRequestLog, type Logger } from '../lib/logger';
import { UnauthorizedError } from '../lib/errors';
import { withinRateLimit } from '../lib/rate-limit';
import { managementEndpoint } from './handler';
import { SOCKET_LIMITS } from './socket-limits';
import { findSession } from '../sessions/session';
import { accountStanding } from '../users/user-policy';
import { getUser } from '../users/user-store';

/** `$connect` carries the upgrade request's headers (API Gateway adds them; the v2 event types omit them). */
type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { headers?: Record<string, string | undefined> };

/**
 * `$connect`: only pages of this site (Origin) with a live session of an account in good standing
 * may open a socket, at most `opensPerMinute` a minute per member (a socket closed for flooding
 * must not come back at once with a fresh allowance); anything else is refused before the socket
 * exists.
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
  const sessionId = parseCookies(headers.cookie ? [headers.cookie] : []).get(COOKIE_NAMES.session);
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
    });
  } catch (error) {
    // The account's deletion began meanwhile: no socket for it.
    if (error instanceof UnauthorizedError) return { statusCode: 401 };
    throw error;
  }
  log.info('connected', { userId: user.id });
  return { statusCode: 200 };
}
