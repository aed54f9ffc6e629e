import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { FileDownload } from '@shared/api';
import '@shared/zod-ja';
import type { RouteContract } from '@shared/contract/define';
import { getConfig } from '../config';
import { createLogger, withRequestLog } from '../logger';
import { randomToken } from '../random-token';
import { checkAccess } from './check-access';
import { checkAnswer } from './check-answer';
import { checkCsrf } from './check-csrf';
import { csrfCookie } from './csrf-cookie';
import { fileResponse } from './file-response';
import { identifyCaller } from './identify-caller';
import { jsonResponse } from './json-response';
import { mapErrors } from './map-errors';
import { observe } from './observe';
import { parseBody } from './parse-body';
import { readRequest } from './read-request';
import type { ChainRoute, HttpContext, Identify, Principal, RouteHandle, SessionInfo } from './types';
import { validateInput } from './validate-input';

/**
 * The middy chain every HTTP route runs, one file per step:
 * observe (request id, JSON log) → read the request → body (size, base64, JSON) → identity → CSRF
 * → access level → zod validation → handler → answer checked against the contract (or a file sent
 * as it is, for a download route); errors are
 * mapped last to a status and a Japanese `{ message }`, and the CSRF cookie goes out with any
 * answer. The route's access level and body limit come from its row of the route table, its
 * schemas from the row's contract (`shared/contract`). Who the caller is comes from an `Identify`
 * function given by the handler layer (`functions/api/http.ts`), so this folder knows HTTP and
 * nothing of accounts or sessions.
 */

const HTTP_API_TIMEOUT_MS = 30_000;
const REPLY_MARGIN_MS = 1_000;

/** The request's id: API Gateway's, else Lambda's, else one made up (fixtures). */
const requestIdOf = (event: APIGatewayProxyEventV2, context: Partial<Context>) =>
  event.requestContext?.requestId ?? context.awsRequestId ?? randomToken(8);

/**
 * The chain for one route. `functions/api/http.ts` calls it with the route table's row (and its
 * contract) and the session lookup; test fixtures call it with routes of their own.
 */
export function createHttpHandler<
  C extends RouteContract,
  U extends Principal | undefined,
  S extends SessionInfo,
>(
  route: ChainRoute & { contract: C },
  handle: RouteHandle<C, U, S>,
  identify: Identify<NonNullable<U> & Principal, S>,
) {
  getConfig();
  const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, HttpContext>()
    .use(
      observe<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, HttpContext>(
        'request',
        (request) => ({
          status: request.response?.statusCode,
          userId: request.context.state?.user?.id,
        }),
      ),
    )
    .use(readRequest(route))
    .use(csrfCookie)
    .use(parseBody)
    .use(identifyCaller(identify as unknown as Identify<Principal, SessionInfo>))
    .use(checkCsrf)
    .use(checkAccess)
    .use(validateInput(route.contract))
    .use(mapErrors((error) => jsonResponse(error.status, error.body, { headers: error.headers })))
    .handler(async (event, context) => {
      const { state, observed } = context;
      const reply = await handle({
        body: state.input?.body as never,
        query: state.input?.query as never,
        params: state.input?.params as never,
        user: state.user as U,
        session: state.session as S | undefined,
        rawBody: state.rawBody,
        headers: state.headers,
        cookies: state.cookies,
        requestId: observed.requestId,
        log: observed.log,
        event,
        // A whole millisecond (timers take integers), whichever clock ends first.
        deadline: Math.floor(
          Math.min(
            Date.now() - (performance.now() - observed.startedAt) + HTTP_API_TIMEOUT_MS,
            typeof context.getRemainingTimeInMillis === 'function'
              ? Date.now() + context.getRemainingTimeInMillis()
              : Infinity,
          ) - REPLY_MARGIN_MS,
        ),
      });
      // A download's bytes are the answer itself: no JSON to check against the contract.
      if (route.contract.download)
        return fileResponse(reply.status ?? 200, reply.body as FileDownload, reply);
      const body = checkAnswer(route.contract.response, reply.body, state.config, observed.log);
      return jsonResponse(reply.status ?? 200, body, reply);
    });
  // Every line the chain and the domain code log carries the request id and route (`requestLog()`).
  return (event: APIGatewayProxyEventV2, context: Context) =>
    withRequestLog(
      createLogger(
        { requestId: requestIdOf(event, context), route: route.contract.key },
        getConfig().logLevel,
      ),
      () => chain(event, context as HttpContext),
    );
}
