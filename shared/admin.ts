import * as z from 'zod';

/** Moderation (core-platform "Admin"): payloads and messages. */
export const ADMIN_MESSAGES = {
  minutesRequired: '停止時間（分）は1以上で入力してください',
  reportIdsRequired: '削除する報告を選択してください',
  cannotBanSelf: '自分自身を停止することはできません',
  cannotBanAdmin: '管理者を停止することはできません',
  userNotFound: 'ユーザーが見つかりません',
  reportNotFound: '報告が見つかりません',
  hidden: 'クイズを非表示にしました',
  restored: 'クイズを再表示しました',
  reportDeleted: '報告を削除しました',
  banned: 'ユーザーを停止しました',
  unbanned: 'ユーザーの停止を解除しました',
} as const;

export const banSchema = z
  .object({
    userId: z.string().trim().min(1, ADMIN_MESSAGES.userNotFound).max(64),
    type: z.enum(['ban', 'suspension']),
    minutes: z
      .number()
      .int()
      .min(1, ADMIN_MESSAGES.minutesRequired)
      .max(60 * 24 * 365)
      .optional(),
    reason: z.string().trim().max(500).optional(),
  })
  .refine((input) => input.type === 'ban' || input.minutes !== undefined, {
    message: ADMIN_MESSAGES.minutesRequired,
    path: ['minutes'],
  });
export type BanInput = z.input<typeof banSchema>;

export const unbanSchema = z.object({
  userId: z.string().trim().min(1, ADMIN_MESSAGES.userNotFound).max(64),
});

export const bulkDeleteSchema = z.object({
  reportIds: z
    .array(z.string().trim().min(1).max(120), { error: ADMIN_MESSAGES.reportIdsRequired })
    .min(1, ADMIN_MESSAGES.reportIdsRequired)
    .max(100),
});

export const reportIdParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[A-Za-z0-9_-]+~[A-Za-z0-9-]+$/, ADMIN_MESSAGES.reportNotFound),
});
