import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  TransactionConflictException,
  type CancellationReason,
} from '@aws-sdk/client-dynamodb';

/**
 * The one place that recognises DynamoDB's failures. The SDK's exception classes are checked by
 * `instanceof` first; the `name` check beside it covers an error made by another copy of the SDK
 * (a bundled dependency, a test's fault injection), which is not an instance of this one's class.
 */
const is = (error: unknown, type: new (...args: never[]) => Error, name: string) =>
  error instanceof type || (error as { name?: unknown } | null)?.name === name;

/** A write whose condition expression did not hold (one item, not a transaction). */
export const isConditionFailed = (error: unknown): error is ConditionalCheckFailedException =>
  is(error, ConditionalCheckFailedException, 'ConditionalCheckFailedException');

/** A request that ran into a transaction in progress on the same item (worth trying again). */
export const isTransactionConflict = (error: unknown): error is TransactionConflictException =>
  is(error, TransactionConflictException, 'TransactionConflictException');

/** A cancelled `TransactWriteItems`. */
export const isTransactionCanceled = (error: unknown): error is TransactionCanceledException =>
  is(error, TransactionCanceledException, 'TransactionCanceledException');

/**
 * Why each item of a cancelled transaction failed, in the order of its items (`Code`
 * `ConditionalCheckFailed`, `TransactionConflict`, `None`…); empty for any other error.
 */
export const cancellationReasons = (error: unknown): CancellationReason[] =>
  isTransactionCanceled(error) ? (error.CancellationReasons ?? []) : [];

/**
 * For the `.catch` of a conditional write whose failed condition means "nothing to do" (already
 * written, already gone, moved on meanwhile): that failure is swallowed, anything else rethrown.
 */
export function ignoreConditionFailed(error: unknown): void {
  if (!isConditionFailed(error)) throw error;
}

/**
 * Conditions of a transaction that did not hold, by item name (unnamed items by position, `#3`),
 * for the caller to decide what they mean. A data-layer failure with no status: unless the domain
 * maps it, the handler layer answers it as a conflict (functions/lib/errors.ts `toAppError`).
 */
export class ConditionsFailed extends Error {
  constructor(readonly names: ReadonlySet<string>) {
    super(`conditions failed: ${[...names].join(', ')}`);
    this.name = 'ConditionsFailed';
  }

  has(name: string): boolean {
    return this.names.has(name);
  }
}

/**
 * A transaction that kept running into other transactions (or throttling) through every try of
 * the retry policy: nothing was written, and a later request may get through.
 */
export class TransactionBusy extends Error {
  constructor(options?: ErrorOptions) {
    super('transaction kept conflicting', options);
    this.name = 'TransactionBusy';
  }
}
