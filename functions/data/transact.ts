import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { tableName } from './db';
import { cancellationReasons, ConditionsFailed, isTransactionCanceled, TransactionBusy } from './errors';
import { backoffMs, pause, RETRY } from './retry';

type SdkItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Operation = 'ConditionCheck' | 'Put' | 'Delete' | 'Update';

/** One item of a `TransactWriteItems` call on the table (`transactWrite` fills in its name). */
export type TransactItem = { [Op in Operation]?: Omit<NonNullable<SdkItem[Op]>, 'TableName'> };

/**
 * A transaction item with a name, by which a failed condition is reported, and optionally the
 * error its failed condition means (a quiz gone → 404, the account being deleted → 401...). The
 * item as it stood is passed when the item asked for it (`ReturnValuesOnConditionCheckFailure`).
 */
export type NamedItem = TransactItem & {
  name?: string;
  onConditionFailed?: (current: Record<string, unknown> | undefined) => Error;
};

/** Cancellation reasons that a later try can get past. */
const TRANSIENT = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/**
 * `TransactWriteItems`, the only way the functions write transactions:
 * - a cancellation because another transaction touched the same items (or throttling) is tried
 *   again under the one retry policy (retry.ts), then given up as `TransactionBusy`;
 * - failed conditions are decoded by item name: the first failed item (in order) that says what
 *   its failure means throws that, else `ConditionsFailed` with every failed name.
 */
export async function transactWrite(items: readonly NamedItem[]): Promise<void> {
  const table = tableName();
  const transactItems = items.map(
    ({ name: _name, onConditionFailed: _failure, ConditionCheck, Put, Delete, Update }): SdkItem => ({
      ...(ConditionCheck ? { ConditionCheck: { ...ConditionCheck, TableName: table } } : {}),
      ...(Put ? { Put: { ...Put, TableName: table } } : {}),
      ...(Delete ? { Delete: { ...Delete, TableName: table } } : {}),
      ...(Update ? { Update: { ...Update, TableName: table } } : {}),
    }),
  );
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: transactItems }));
      return;
    } catch (error) {
      if (!isTransactionCanceled(error)) throw error;
      const reasons = cancellationReasons(error);
      const failed = items.flatMap((item, index) =>
        reasons[index]?.Code === 'ConditionalCheckFailed' ? [{ item, index }] : [],
      );
      const explained = failed.find(({ item }) => item.onConditionFailed);
      if (explained) {
        const current = reasons[explained.index]?.Item;
        throw explained.item.onConditionFailed!(current ? unmarshall(current) : undefined);
      }
      if (failed.length)
        throw new ConditionsFailed(new Set(failed.map(({ item, index }) => item.name ?? `#${index}`)));
      if (!reasons.some((reason) => TRANSIENT.has(reason.Code ?? ''))) throw error;
      if (attempt >= RETRY.attempts) throw new TransactionBusy({ cause: error });
      await pause(backoffMs(attempt));
    }
  }
}
