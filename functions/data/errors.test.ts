import { describe, expect, it } from 'vitest';
import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import {
  cancellationReasons,
  ignoreConditionFailed,
  isConditionFailed,
  isTransactionCanceled,
  isTransactionConflict,
} from './errors';

const meta = { $metadata: {}, message: 'x' };

describe('DynamoDB failures', () => {
  it('recognises each by its class and by its name alone (another copy of the SDK)', () => {
    expect(isConditionFailed(new ConditionalCheckFailedException(meta))).toBe(true);
    expect(
      isConditionFailed(Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException' })),
    ).toBe(true);
    expect(isTransactionConflict(new TransactionConflictException(meta))).toBe(true);
    expect(
      isTransactionCanceled(Object.assign(new Error('x'), { name: 'TransactionCanceledException' })),
    ).toBe(true);
    expect(isConditionFailed(new TransactionConflictException(meta))).toBe(false);
    expect(isConditionFailed(new Error('ConditionalCheckFailedException'))).toBe(false);
    expect(isConditionFailed(undefined)).toBe(false);
    expect(isTransactionConflict(null)).toBe(false);
  });

  it("reads a cancelled transaction's reasons in item order, and none from any other error", () => {
    const cancelled = new TransactionCanceledException({
      ...meta,
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
    expect(cancellationReasons(cancelled).map((reason) => reason.Code)).toEqual([
      'None',
      'ConditionalCheckFailed',
    ]);
    expect(cancellationReasons(new ConditionalCheckFailedException(meta))).toEqual([]);
  });

  it('swallows a failed condition where it means "nothing to do", and passes on anything else', async () => {
    await expect(
      Promise.reject(new ConditionalCheckFailedException(meta)).catch(ignoreConditionFailed),
    ).resolves.toBeUndefined();
    await expect(
      Promise.reject(new TransactionConflictException(meta)).catch(ignoreConditionFailed),
    ).rejects.toBeInstanceOf(TransactionConflictException);
  });
});
