import {
  DEFAULT_TAG_COLOR,
  TAG_LIMITS,
  tagNameKey,
  type AdminTag,
  type PopularTag,
  type TagRef,
} from '@shared/tags';
import { isPubliclyVisible, type Quiz } from '../quizzes/quiz-policy';

/**
 * The rules of tags, as pure functions: which quizzes a tag counts, what a change of a quiz's
 * tags or visibility does to each tag's count, the order of the popular list, and what a quiz, a
 * list and the admin screen show. tag-store.ts keeps them, tag.ts puts the two together.
 */

/** A tag as the rules read it. */
export interface Tag {
  id: string;
  /** As first written (NFKC, trimmed). */
  name: string;
  /** What makes two names the same tag (`tagNameKey`). */
  nameKey: string;
  color: string;
  isActive: boolean;
  /** Public, visible quizzes that carry it. */
  quizCount: number;
  /** Quizzes linked to it, any visibility (absent on tags from before links were counted). */
  linkCount?: number;
  /** Moves on with every count change (the popular order is set from the count of a version). */
  version: number;
  /** Set while its quizzes move to the tag it was renamed onto (a merge). */
  mergedInto?: string;
  createdAt: string;
  updatedAt: string;
}

/** What decides a quiz's part in its tags' counts. */
export interface TagState {
  tagIds: readonly string[];
  /** Whether its tags count it: public, published, not hidden, not being deleted. */
  counted: boolean;
}

/** A quiz's tags and whether they count it, as stored (quizzes from before tags have none). */
export const tagStateOf = (
  quiz: Pick<Quiz, 'isPublished' | 'isHidden' | 'status'> & { tagIds?: readonly string[] },
) => ({
  tagIds: quiz.tagIds ?? [],
  counted: isPubliclyVisible(quiz),
});

/** What a change of a quiz's tags or visibility does: links added, removed and kept, and each tag's count change. */
export interface TagChanges {
  added: string[];
  removed: string[];
  kept: string[];
  /** The change of each tag's `quizCount` (−1, 0 or 1). */
  delta: ReadonlyMap<string, number>;
}

export function tagChanges(before: TagState, after: TagState): TagChanges {
  const had = new Set(before.tagIds);
  const has = new Set(after.tagIds);
  const added = [...has].filter((id) => !had.has(id));
  const removed = [...had].filter((id) => !has.has(id));
  const kept = [...has].filter((id) => had.has(id));
  const was = before.counted ? 1 : 0;
  const is = after.counted ? 1 : 0;
  const delta = new Map<string, number>([
    ...added.map((id) => [id, is] as const),
    ...removed.map((id) => [id, 0 - was] as const),
    ...kept.map((id) => [id, is - was] as const),
  ]);
  return { added, removed, kept, delta };
}

/** A tag's count as text that orders like the number (10 digits): its place in the most-used order. */
export const countRank = (quizCount: number) => String(Math.max(0, quizCount)).padStart(10, '0');

/** A tag a quiz can carry and a list can show: active, not being merged away. */
export const isShown = (tag: Pick<Tag, 'isActive' | 'mergedInto'>) => tag.isActive && !tag.mergedInto;

/** A tag made from a name nobody used yet. */
export function newTag(id: string, name: string, now: Date): Tag {
  return {
    id,
    name,
    nameKey: tagNameKey(name),
    color: DEFAULT_TAG_COLOR,
    isActive: true,
    quizCount: 0,
    version: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

export const toTagRef = (tag: Tag): TagRef => ({ id: tag.id, name: tag.name, color: tag.color });

export const toPopularTag = (tag: Tag): PopularTag => ({ ...toTagRef(tag), quizCount: tag.quizCount });

export const toAdminTag = (tag: Tag): AdminTag => ({
  ...toPopularTag(tag),
  isActive: tag.isActive,
  createdAt: tag.createdAt,
  updatedAt: tag.updatedAt,
});

/** Most used first, then by name: the popular list and the admin screen. */
export const byUse = (a: Tag, b: Tag) => b.quizCount - a.quizCount || a.nameKey.localeCompare(b.nameKey);

/** A quiz's tags to show, in its order: the shown ones among those found. */
export const shownTags = (tagIds: readonly string[] | undefined, tags: ReadonlyMap<string, Tag>): TagRef[] =>
  (tagIds ?? []).flatMap((id) => {
    const tag = tags.get(id);
    return tag && isShown(tag) ? [toTagRef(tag)] : [];
  });

/** A quiz's tags and visibility without the tags of `gone`. */
export const withoutTags = (state: TagState, gone: ReadonlySet<string>): TagState =>
  gone.size ? { ...state, tagIds: state.tagIds.filter((tagId) => !gone.has(tagId)) } : state;

/**
 * The tags an edit keeps whatever the author sends: those the author cannot see (inactive, or
 * being merged away), so an administrator who reactivates a tag finds its quizzes still carry it.
 * At most 5, which bounds the edit's transaction however often tags are deactivated.
 */
export const unseenTagIds = (tagIds: readonly string[], tags: ReadonlyMap<string, Tag>): string[] =>
  tagIds
    .filter((tagId) => {
      const tag = tags.get(tagId);
      return tag !== undefined && !isShown(tag);
    })
    .slice(0, TAG_LIMITS.perQuiz);

/** A quiz's tags after a merge of `from` into `into`: in place of `from`, once. */
export const mergedTagIds = (tagIds: readonly string[], from: string, into: string) => [
  ...new Set(tagIds.map((id) => (id === from ? into : id))),
];
