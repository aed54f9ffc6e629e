import type { MiddlewareObj, Request } from '@middy/core';
import type { Context } from 'aws-lambda';
import { requestLog, type Logger } from '../logger';

/** What `observe` keeps for the steps after it. */
export interface Observed {
  requestId: string;
  /** The request's logger: every line carries the request id and the route. */
  log: Logger;
  /** `performance.now()` when the chain began. */
  startedAt: number;
}

export type ObservedContext = Context & { observed: Observed };

/**
 * The first step of every chain, HTTP route or WebSocket message: the request's logger and start
 * for the steps after it, and one closing line (`line`: `request`, `message`) with the duration and
 * what `fields` adds (status, user), whether the request was answered or failed. The logger is the
 * one the factory made around the whole chain (`withRequestLog`), so domain code's lines carry the
 * same request id and route. A chain that answers early (a flood dropped) writes no closing line.
 */
export function observe<Event, Result, C extends ObservedContext>(
  line: string,
  fields: (request: Request<Event, Result, Error, C>) => Record<string, unknown> = () => ({}),
): MiddlewareObj<Event, Result, Error, C> {
  const done = (request: Request<Event, Result, Error, C>) => {
    const observed = request.context.observed as Observed | undefined;
    if (!observed) return;
    observed.log.info(line, {
      ...fields(request),
      durationMs: Math.round((performance.now() - observed.startedAt) * 10) / 10,
    });
  };
  return {
    before: (request) => {
      const log = requestLog();
      request.context.observed = {
        requestId: String(log.fields.requestId ?? request.context.awsRequestId),
        log,
        startedAt: performance.now(),
      };
    },
    after: done,
    onError: done,
  };
}
