import * as z from 'zod';
import { DIFFICULTIES, REPORT_REASONS } from './constants';
import { tagRefSchema } from './tags';

/** Moderation (core-platform "Admin"): payloads and messages. */
export const ADMIN_LIMITS = {
  /** Reports one `DELETE /api/admin/reports/bulk` deletes (the screen sends a longer selection in turns). */
  bulkDeleteMax: 100,
  /** The longest suspension, in minutes: a year (a longer stop is a ban). */
  suspensionMinutesMax: 60 * 24 * 365,
} as const;

export const ADMIN_MESSAGES = {
  minutesRequired: '停止時間（分）は1以上で入力してください',
  reportIdsRequired: '削除する報告を選択してください',
  reportIdsTooMany: '一度に削除できる報告は100件までです',
  minutesTooLong: '停止時間（分）は525600（1年）以下で入力してください',
  cannotBanSelf: '自分自身を停止することはできません',
  cannotBanAdmin: '管理者を停止することはできません',
  penaltyRaced: 'ほかの管理者の操作と重なりました。もう一度お試しください',
  userNotFound: 'ユーザーが見つかりません',
  reportNotFound: '報告が見つかりません',
  hidden: 'クイズを非表示にしました',
  restored: 'クイズを再表示しました',
  reportDeleted: '報告を削除しました',
  reportsDismissed: '報告を対応済みにしました',
  banned: 'ユーザーを停止しました',
  unbanned: 'ユーザーの停止を解除しました',
  // Shown in place of what no longer exists
  formerMember: '退会したユーザー',
  deletedQuiz: '削除されたクイズ',
} as const;

/** A report's state: pending until an administrator hides, restores or dismisses (reviewed). */
export const REPORT_STATUSES = ['pending', 'reviewed'] as const;
export const REPORT_STATUS_LABELS = { pending: '未対応', reviewed: '対応済み' } as const;

/** Why an administrator acted: optional, kept in the audit record (and the penalty, for a ban). */
const reason = z.string().trim().max(500).optional();

/** The body of a moderation write that takes nothing but an optional reason (hide, dismiss, delete a report). */
export const moderationReasonSchema = z.object({ reason });
export type ModerationReasonInput = z.input<typeof moderationReasonSchema>;

export const banSchema = z
  .object({
    userId: z.string().trim().min(1, ADMIN_MESSAGES.userNotFound).max(64),
    type: z.enum(['ban', 'suspension']),
    minutes: z
      .number()
      .int()
      .min(1, ADMIN_MESSAGES.minutesRequired)
      .max(ADMIN_LIMITS.suspensionMinutesMax, ADMIN_MESSAGES.minutesTooLong)
      .optional(),
    reason,
  })
  .refine((input) => input.type === 'ban' || input.minutes !== undefined, {
    message: ADMIN_MESSAGES.minutesRequired,
    path: ['minutes'],
  });
export type BanInput = z.input<typeof banSchema>;

export const unbanSchema = z.object({
  userId: z.string().trim().min(1, ADMIN_MESSAGES.userNotFound).max(64),
});
export type UnbanInput = z.input<typeof unbanSchema>;

export const bulkDeleteSchema = z.object({
  reportIds: z
    .array(z.string().trim().min(1).max(120), { error: ADMIN_MESSAGES.reportIdsRequired })
    .min(1, ADMIN_MESSAGES.reportIdsRequired)
    .max(ADMIN_LIMITS.bulkDeleteMax, ADMIN_MESSAGES.reportIdsTooMany),
  reason,
});
export type BulkDeleteInput = z.input<typeof bulkDeleteSchema>;

export const reportIdParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[A-Za-z0-9_-]+~[A-Za-z0-9-]+$/, ADMIN_MESSAGES.reportNotFound),
});

const penaltySummarySchema = z.object({
  penaltyType: z.enum(['ban', 'suspension']),
  /** When it ends; absent when permanent (a ban). */
  expiresAt: z.string().optional(),
  issuedAt: z.string(),
  active: z.boolean(),
});

const personSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  penalties: z.array(penaltySummarySchema),
});

/** `GET /api/admin/hidden-quizzes`: every hidden quiz, newest hidden first, whatever became of its reports. */
export const hiddenQuizSchema = z.object({
  id: z.string(),
  title: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  hiddenAt: z.string(),
  /** Its pending reports. */
  reportCount: z.number(),
});
export type HiddenQuiz = z.infer<typeof hiddenQuizSchema>;

/**
 * `GET /api/admin/flagged-quizzes`: quizzes with pending reports, each with its 3 latest pending
 * reports; `reportCount` is the quiz's count of pending reports.
 */
export const flaggedQuizSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  authorId: z.string(),
  authorName: z.string(),
  isHidden: z.boolean(),
  reportCount: z.number(),
  createdAt: z.string(),
  /** As every quiz read and list item carries them (issue 30). */
  tags: z.array(tagRefSchema),
  reports: z.array(
    z.object({
      id: z.string(),
      reason: z.enum(REPORT_REASONS),
      details: z.string().nullable(),
      reportedAt: z.string(),
      /** Null once the reporter's account is deleted (the report is kept, anonymised). */
      reportedBy: z.string().nullable(),
    }),
  ),
});
export type FlaggedQuiz = z.infer<typeof flaggedQuizSchema>;

/**
 * `GET /api/admin/reports`: every report with its reporter and quiz; a report whose reporter
 * deleted their account has no reporter (null) and no details.
 */
export const adminReportSchema = z.object({
  id: z.string(),
  quizId: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reportedAt: z.string(),
  reportedBy: z.string().nullable(),
  reportedByUser: personSchema.extend({ reports: z.number() }).nullable(),
  /** The administrator whose hide, restore or dismissal reviewed it, and when. */
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  quiz: z.object({ title: z.string(), authorName: z.string(), isHidden: z.boolean() }),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** `GET /api/admin/reported-users`: authors of reported quizzes, with counts and penalties. */
export const reportedUserSchema = personSchema.extend({
  role: z.enum(['user', 'admin']),
  reportedQuizCount: z.number(),
  reportCount: z.number(),
  pendingReportCount: z.number(),
  suspendedUntil: z.string().nullable(),
});
export type ReportedUser = z.infer<typeof reportedUserSchema>;

const snapshot = z.record(z.string(), z.unknown());

/** `GET /api/admin/quizzes/{id}/edit-history`: edits made while the quiz was hidden. */
export const editHistoryEntrySchema = z.object({
  id: z.string(),
  editorNickname: z.string(),
  editorUsername: z.string(),
  editedAt: z.string(),
  reason: z.string(),
  changes: z.object({
    quiz: z.object({ before: snapshot, after: snapshot }),
    questions: z.object({
      before: z.array(snapshot),
      after: z.array(snapshot),
      /** True when the edit was too large to keep every field: each question's text and answer only. */
      abridged: z.boolean().optional(),
    }),
  }),
});
export type EditHistoryEntry = z.infer<typeof editHistoryEntrySchema>;

/** `POST /api/admin/ban-user`: the penalty recorded. */
export const penaltySchema = z.object({
  id: z.string(),
  userId: z.string(),
  penaltyType: z.enum(['ban', 'suspension']),
  reason: z.string().nullable(),
  suspensionMinutes: z.number().nullable(),
  issuedBy: z.string(),
  issuedAt: z.string(),
  /** When it ends; absent when permanent (a ban). */
  expiresAt: z.string().optional(),
});

export const bulkDeletedSchema = z.object({ deleted: z.number(), message: z.string() });

/** `PATCH /api/admin/quizzes/{id}/dismiss-reports`: how many pending reports it reviewed. */
export const reportsDismissedSchema = z.object({ reviewed: z.number(), message: z.string() });
