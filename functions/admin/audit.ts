import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';

/**
 * Every administrator action leaves an audit record: `pk = AUDIT#<yyyy-mm>`, `sk = <time>#<id>`,
 * with who did what to which target. Audit records are not deleted with accounts.
 */
export async function audit(
  adminId: string,
  action: string,
  target: Record<string, unknown>,
  now = new Date(),
) {
  await dynamo().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: {
        pk: `AUDIT#${now.toISOString().slice(0, 7)}`,
        sk: `${now.toISOString()}#${randomUUID().slice(0, 8)}`,
        adminId,
        action,
        target,
        at: now.toISOString(),
      },
    }),
  );
}
