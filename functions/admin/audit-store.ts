import { randomUUID } from 'node:crypto';
import { db } from '../data/db';
import { AuditKeys } from './audit-keys';

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
  await db.put({
    Item: {
      ...AuditKeys.key({
        month: now.toISOString().slice(0, 7),
        at: now.toISOString(),
        suffix: randomUUID().slice(0, 8),
      }),
      adminId,
      action,
      target,
      at: now.toISOString(),
    },
  });
}
