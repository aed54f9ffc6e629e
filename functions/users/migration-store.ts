import { ignoreConditionFailed } from '../data/errors';
import { db } from '../data/db';
import { MigrationKeys } from './user-keys';

/**
 * The markers of one-off data migrations (run by the seed, never on a request path): a migration
 * asks whether it ran on this table, and records it when it has.
 */

/** Whether the migration `name` ran on this table. */
export async function migrationRan(name: string): Promise<boolean> {
  return Boolean((await db.get({ Key: MigrationKeys.key({ name }) })).Item);
}

/** Records that the migration `name` ran (the first record stays). */
export async function recordMigration(name: string, now = new Date()): Promise<void> {
  await db
    .put({
      Item: { ...MigrationKeys.key({ name }), ranAt: now.toISOString() },
      ConditionExpression: 'attribute_not_exists(pk)',
    })
    .catch(ignoreConditionFailed);
}
