import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { ConflictError } from '../lib/errors';

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

export const BUSY_MESSAGE = '他の操作と重なりました。もう一度お試しください';

/**
 * `TransactWriteItems` that retries when DynamoDB cancels it only because another transaction was
 * touching the same item (`TransactionConflict`, e.g. a double-clicked button). Condition failures
 * are the caller's to interpret and are thrown as they are.
 */
export async function transactWrite(items: TransactItems, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const conflictOnly =
        error instanceof TransactionCanceledException &&
        (error.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict') &&
        !(error.CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed');
      if (!conflictOnly) throw error;
      if (attempt >= attempts) throw new ConflictError(BUSY_MESSAGE);
      await new Promise((done) => setTimeout(done, 25 * 2 ** attempt + Math.random() * 25));
    }
  }
}
