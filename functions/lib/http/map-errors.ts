import type { MiddlewareObj, Request } from '@middy/core';
import type { ApiErrorBody } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import type { AppError } from '../errors';
import { AccountStoppedError, isServiceUnavailable, isTimeout, toAppError, ValidationError } from '../errors';
import { requestLog, type Logger } from '../logger';
import type { ObservedContext } from './observe';

/**
 * What an error means for the caller. `refused`: a typed error the request earned (its status and
 * Japanese message); `timed_out`: the call ran out of time and may or may not have been carried out
 * (504); `unavailable`: a service it needs is busy or out of reach, nothing was decided (503);
 * `failed`: a fault in this code (500, generic message, never the details).
 */
export interface ErrorAnswer {
  outcome: 'refused' | 'timed_out' | 'unavailable' | 'failed';
  status: number;
  body: ApiErrorBody;
  headers?: Record<string, string>;
}

function errorBody(error: AppError): ApiErrorBody {
  if (error instanceof ValidationError) return { message: error.message, issues: error.issues };
  if (error instanceof AccountStoppedError)
    return { message: error.message, reason: error.reason, stoppedUntil: error.stoppedUntil };
  return error.reason ? { message: error.message, reason: error.reason } : { message: error.message };
}

/** The answer to an error, logged as loudly as it deserves (typed 4xx errors not at all). */
export function errorAnswer(error: unknown, log: Logger): ErrorAnswer {
  // Typed errors, and the data layer's domain errors (a transaction that kept conflicting) as theirs.
  const known = toAppError(error);
  if (known) {
    if (known.status >= 500) log.error('request failed', { error });
    return { outcome: 'refused', status: known.status, body: errorBody(known) };
  }
  if (isTimeout(error)) {
    // The outcome is unknown (a write may have gone through): say so rather than "try again".
    log.error('timed out', { error });
    return { outcome: 'timed_out', status: 504, body: { message: MESSAGES.timedOut } };
  }
  if (isServiceUnavailable(error)) {
    // Busy or unreachable after the SDK's retries: nothing was decided, the caller may try again.
    log.error('service unavailable', { error });
    return {
      outcome: 'unavailable',
      status: 503,
      body: { message: MESSAGES.serviceUnavailable },
      headers: { 'retry-after': '5' },
    };
  }
  log.error('unhandled error', { error });
  return { outcome: 'failed', status: 500, body: { message: MESSAGES.serverError } };
}

/**
 * The last step of every chain: any error becomes its `ErrorAnswer`, which `answer` delivers the
 * chain's way (an HTTP response, an error message over the socket) and turns into the result.
 */
export function mapErrors<Event, Result, C extends ObservedContext>(
  answer: (error: ErrorAnswer, request: Request<Event, Result, Error, C>) => Result | Promise<Result>,
): MiddlewareObj<Event, Result, Error, C> {
  return {
    onError: async (request) => {
      const log = (request.context.observed as ObservedContext['observed'] | undefined)?.log ?? requestLog();
      request.response = await answer(errorAnswer(request.error, log), request);
    },
  };
}
