import { ADMIN_MESSAGES } from '@shared/admin';
import { adminApi } from '@shared/contract/admin';
import { banUser } from '../../admin/penalty';
import { httpHandler } from '../http';

/** `POST /api/admin/ban-user` `{ userId, type: ban | suspension, minutes }`: the penalty, without its storage keys. */
export const handler = httpHandler(adminApi.ban, async ({ body, user }) => {
  const { id, userId, penaltyType, reason, suspensionMinutes, issuedBy, issuedAt, expiresAt } = await banUser(
    user,
    body,
  );
  return {
    status: 201,
    body: {
      penalty: {
        id,
        userId,
        penaltyType,
        reason,
        suspensionMinutes,
        issuedBy,
        issuedAt,
        // Absent when permanent (docs/spec/core-platform.md §3).
        ...(expiresAt === null ? {} : { expiresAt }),
      },
      message: ADMIN_MESSAGES.banned,
    },
  };
});
