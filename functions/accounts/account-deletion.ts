import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { getConfig } from '../lib/config';
import { deleteItems, type ItemKey } from '../data/batch';
import { emailKey, userKey, usernameKey, type UserItem } from '../users/user';

/**
 * Deleting an account removes everything it owns. Every item a user owns carries
 * `gsi2pk = USER#<id>` (the byOwner index), so one mechanism covers sessions, tokens, connections
 * and every later feature's data (quizzes, attempts, favourites...). An owned item marked
 * `cascade = 'partition'` owns its whole partition too (a quiz and its questions).
 *
 * Owned data goes first, the account itself last in one transaction: if anything fails midway the
 * account still exists, the person can sign in again and the deletion can simply be repeated.
 */
const table = () => getConfig().tableName;

async function* pages(input: ConstructorParameters<typeof QueryCommand>[0]) {
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ ...input, ExclusiveStartKey: cursor }));
    yield (page.Items ?? []) as (ItemKey & { cascade?: string; gsi2sk?: string })[];
    cursor = page.LastEvaluatedKey;
  } while (cursor);
}

async function partitionKeys(pk: string): Promise<ItemKey[]> {
  const keys: ItemKey[] = [];
  for await (const items of pages({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ProjectionExpression: 'pk, sk',
  })) {
    keys.push(...items.map(({ pk: itemPk, sk }) => ({ pk: itemPk, sk })));
  }
  return keys;
}

/** Deletes what the user owns, then the account with its username and e-mail claims. */
export async function deleteAccount(user: UserItem): Promise<void> {
  for await (const owned of pages({
    TableName: table(),
    IndexName: 'byOwner',
    KeyConditionExpression: 'gsi2pk = :owner',
    ExpressionAttributeValues: { ':owner': `USER#${user.id}` },
    ProjectionExpression: 'pk, sk, #cascade, gsi2sk',
    ExpressionAttributeNames: { '#cascade': 'cascade' },
  })) {
    const keys: ItemKey[] = [];
    for (const item of owned) {
      // The account and its claims go last, together.
      if (item.gsi2sk === 'PROFILE' || item.gsi2sk?.startsWith('CLAIM#')) continue;
      if (item.cascade === 'partition') keys.push(...(await partitionKeys(item.pk)));
      else keys.push({ pk: item.pk, sk: item.sk });
    }
    await deleteItems(keys);
  }
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: table(), Key: userKey(user.id) } },
        { Delete: { TableName: table(), Key: usernameKey(user.username) } },
        ...(user.email ? [{ Delete: { TableName: table(), Key: emailKey(user.email) } }] : []),
      ],
    }),
  );
}
