import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DeleteCommandInput,
  type GetCommandInput,
  type PutCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';

/** The stage's table: the one place the functions read its name. */
export const tableName = () => getConfig().tableName;

type OnTable<Input> = Omit<Input, 'TableName'>;

/**
 * Single-item calls on the table, its name filled in. Queries go through the paginator
 * (`paginate.ts`), batches through `batch.ts` and transactions through `transactWrite`.
 */
export const db = {
  get: (input: OnTable<GetCommandInput>) =>
    dynamo().send(new GetCommand({ ...input, TableName: tableName() })),
  put: (input: OnTable<PutCommandInput>) =>
    dynamo().send(new PutCommand({ ...input, TableName: tableName() })),
  update: (input: OnTable<UpdateCommandInput>) =>
    dynamo().send(new UpdateCommand({ ...input, TableName: tableName() })),
  delete: (input: OnTable<DeleteCommandInput>) =>
    dynamo().send(new DeleteCommand({ ...input, TableName: tableName() })),
};
