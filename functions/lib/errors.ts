import type { ErrorReason } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import { ConditionsFailed, TransactionBusy } from '../data/errors';

/**
 * Typed errors. Domain code throws these; the handler factory maps them to a status and a
 * `{ message }` body. Anything else becomes a logged 500 with a generic Japanese message.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Sent as `reason` where the web app must tell this error from others of its status. */
    readonly reason?: ErrorReason,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

interface ValidationIssue {
  path: string;
  message: string;
}

export class ValidationError extends AppError {
  constructor(
    readonly issues: ValidationIssue[],
    message: string = issues[0]?.message ?? MESSAGES.invalidInput,
  ) {
    super(400, message);
  }
}

export class BadRequestError extends AppError {
  constructor(message: string = MESSAGES.invalidInput) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = MESSAGES.loginRequired) {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = MESSAGES.forbidden, reason?: ErrorReason) {
    super(403, message, reason);
  }
}

/** A suspended or banned account (`account_stopped`), with when the suspension ends (null: a ban). */
export class AccountStoppedError extends ForbiddenError {
  constructor(
    message: string,
    readonly stoppedUntil: string | null,
  ) {
    super(message, 'account_stopped');
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = MESSAGES.notFound) {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string = MESSAGES.payloadTooLarge) {
    super(413, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string = MESSAGES.tooManyRequests, reason?: ErrorReason) {
    super(429, message, reason);
  }
}

/**
 * What an error thrown below the handlers answers: the domain's own errors as they are, and the
 * data layer's failures that no domain code mapped (conditions a concurrent write broke, a
 * transaction that stayed busy through its retries) as 409 with the busy message: whatever the
 * request relied on changed under it, and trying again may succeed. Undefined for anything
 * else (a fault: logged, 500 or the service's own answer).
 */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ConditionsFailed || error instanceof TransactionBusy)
    return new ConflictError(MESSAGES.busy);
  return undefined;
}

/** AWS error names that mean "busy or briefly unavailable: a later try can succeed". */
const TRANSIENT_NAMES = new Set([
  'ThrottlingException',
  'Throttling',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'SlowDown',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalFailure',
  'RequestTimeout',
  'RequestTimeoutException',
]);
/** Network failures on the way to a service (it restarted, or the connection broke). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/**
 * Whether the call ran out of time (the function's own deadline, or a service call that timed out
 * after it was sent): what it was doing may or may not have happened.
 */
export function isTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: string }).name === 'TimeoutError';
}

/**
 * Whether an error says a service the call needs (DynamoDB, S3, SES, SQS...) is throttling, failing
 * on its side or out of reach, even after the SDK's own retries: the caller should try again later
 * (503), as opposed to a fault in this code (500).
 */
export function isServiceUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { name, code, $retryable, $metadata, cause } = error as {
    name?: string;
    code?: string;
    $retryable?: unknown;
    $metadata?: { httpStatusCode?: number };
    cause?: unknown;
  };
  if (TRANSIENT_NAMES.has(name ?? '') || NETWORK_CODES.has(code ?? '') || $retryable) return true;
  if (($metadata?.httpStatusCode ?? 0) >= 500) return true;
  return isServiceUnavailable(cause, depth + 1);
}
