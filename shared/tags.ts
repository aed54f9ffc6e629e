import * as z from 'zod';
import { isBlank } from './visible-text';

/**
 * Tags (issue 30; the schema's `tags` and `quiz_tags`, docs/spec/multiplayer-membership-study.md):
 * the words, the limits, the one rule that says when two names are the same tag, and every schema
 * of what is sent and answered about them, for the functions and the web.
 */

export const TAG_LIMITS = {
  /** Tags on one quiz. */
  perQuiz: 5,
  /** Characters of a name after NFKC and trimming (the schema's `name` ≤ 50). */
  nameMax: 50,
  /** Characters of a name as typed, before normalisation: bounds the work on hostile input. */
  rawNameMax: 200,
  /** `GET /api/tags`: popular tags answered when `limit` is not given, and at most. */
  popularDefault: 30,
  popularMax: 100,
  /** Tags the admin screen lists (most used first). */
  adminListMax: 1000,
  /** Index entries one read of the popular tags goes through at most (inactive ones are passed over). */
  popularReadMax: 300,
  /** New tags a member may create in any 24 hours (a save that names 3 new ones counts 3). */
  newPerDay: 30,
} as const;

/** The schema's default colour of a tag. */
export const DEFAULT_TAG_COLOR = '#6B7280';

export const TAG_MESSAGES = {
  tooMany: `タグは${TAG_LIMITS.perQuiz}個までです`,
  nameRequired: 'タグ名を入力してください',
  nameMax: `タグは${TAG_LIMITS.nameMax}文字以内で入力してください`,
  nameComma: 'タグ名に「,」は使えません',
  duplicate: (name: string) => `タグ「${name}」が重複しています`,
  unusable: (name: string) => `タグ「${name}」は使用できません`,
  notFound: 'タグが見つかりません',
  colorFormat: '色は#RRGGBBの形式で入力してください',
  nothingToChange: '変更する項目を指定してください',
  updated: 'タグを更新しました',
  merged: (name: string) => `タグ「${name}」に統合しました`,
  busy: 'タグが他の操作で更新されました。もう一度お試しください',
  createTooMany: `新しいタグは24時間に${TAG_LIMITS.newPerDay}個まで作成できます。既にあるタグを選ぶか、しばらくしてからお試しください`,
} as const;

/** A tag name as kept: NFKC (full-width letters and half-width kana made one form), one space between words, trimmed. */
export function normalizeTagName(raw: string): string {
  return raw.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/**
 * What makes two names the same tag: the normalised name in lower case, so `ＪＡＶＡ`, `java` and
 * `Java` are one tag (case- and width-insensitive).
 */
export const tagNameKey = (name: string) => normalizeTagName(name).toLowerCase();

/** Length in characters as people count them (code points, not UTF-16 units). */
const characters = (text: string) => [...text].length;

/** One tag name as typed: normalised, 1–50 characters, visible, no comma (the form's separator). */
export const tagNameSchema = z
  .string({ error: TAG_MESSAGES.nameRequired })
  .max(TAG_LIMITS.rawNameMax, TAG_MESSAGES.nameMax)
  .transform(normalizeTagName)
  .refine((name) => !isBlank(name), TAG_MESSAGES.nameRequired)
  .refine((name) => characters(name) <= TAG_LIMITS.nameMax, TAG_MESSAGES.nameMax)
  .refine((name) => !name.includes(','), TAG_MESSAGES.nameComma);

/** A quiz's tags as sent on create and edit: at most 5 names, no two the same tag. */
export const tagNamesSchema = z
  .array(tagNameSchema, { error: TAG_MESSAGES.tooMany })
  .max(TAG_LIMITS.perQuiz, TAG_MESSAGES.tooMany)
  .superRefine((names, context) => {
    const seen = new Set<string>();
    for (const name of names) {
      const key = tagNameKey(name);
      if (seen.has(key)) context.addIssue({ code: 'custom', message: TAG_MESSAGES.duplicate(name) });
      seen.add(key);
    }
  });

/** A tag as a quiz carries it. */
export const tagRefSchema = z.object({ id: z.string(), name: z.string(), color: z.string() });
export type TagRef = z.infer<typeof tagRefSchema>;

/** `GET /api/tags`: a tag with how many public, visible quizzes carry it. */
export const popularTagSchema = tagRefSchema.extend({ quizCount: z.number() });
export type PopularTag = z.infer<typeof popularTagSchema>;

/** A tag as the admin screen lists it. */
export const adminTagSchema = popularTagSchema.extend({
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminTag = z.infer<typeof adminTagSchema>;

export const tagListQuerySchema = z.object({
  // A query string is text: only plain digits count as a number.
  limit: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(TAG_LIMITS.popularMax))
    .default(TAG_LIMITS.popularDefault)
    .catch(TAG_LIMITS.popularDefault),
});

export const tagIdParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, TAG_MESSAGES.notFound),
});

/** `PATCH /api/admin/tags/{id}`: any of a new name (onto another tag's name: a merge), a colour, active or not. */
export const updateTagSchema = z
  .object({
    name: tagNameSchema.optional(),
    color: z
      .string({ error: TAG_MESSAGES.colorFormat })
      .regex(/^#[0-9A-Fa-f]{6}$/, TAG_MESSAGES.colorFormat)
      .transform((color) => color.toUpperCase())
      .optional(),
    isActive: z.boolean().optional(),
  })
  .refine(
    (change) => change.name !== undefined || change.color !== undefined || change.isActive !== undefined,
    TAG_MESSAGES.nothingToChange,
  );
export type UpdateTagInput = z.input<typeof updateTagSchema>;
export type UpdateTagData = z.output<typeof updateTagSchema>;

/** The tag after an administrator's change (after a merge, the tag it went into), with the words that say so. */
export const tagUpdatedSchema = adminTagSchema.extend({ message: z.string() });
