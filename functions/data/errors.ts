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
