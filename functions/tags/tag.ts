import { randomUUID } from 'node:crypto';
import {
  TAG_LIMITS,
  TAG_MESSAGES,
  tagNameKey,
  type AdminTag,
  type PopularTag,
  type TagRef,
  type UpdateTagData,
} from '@shared/tags';
import { audit } from '../admin/audit-store';
import type { NamedItem } from '../data/transact';
import { backoffMs, pause, RETRY } from '../data/retry';
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import { rateLimitWrite, usesLeft } from '../lib/rate-limit';
import type { Quiz } from '../quizzes/quiz-policy';
import {
  byUse,
  isShown,
  mergedTagIds,
  newTag,
  shownTags,
  tagChanges,
  tagStateOf,
  toAdminTag,
  unseenTagIds,
  toPopularTag,
  type Tag,
  type TagState,
} from './tag-policy';
import {
  beginMerge,
  changeTaggedQuiz,
  claimedTagId,
  getTag,
  getTags,
  isTagRace,
  placeTags,
  releaseLink,
  removeMergedTag,
  renameTag,
  setTagLook,
  tagQuizPages,
  tagsByUse,
  tagWrites,
  type TagItem,
} from './tag-store';

/**
 * Tags (issue 30): what quizzes, lists, search and the admin screen ask of them, each the rules
 * (tag-policy.ts) applied to what the store (tag-store.ts) reads.
 */

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The tags of `names` (already valid: shared/tags.ts), in order: a name some tag holds (any case
 * or width) is that tag, a new one a new tag (#6B7280). An inactive tag's name is refused (400).
 */
async function resolveTagNames(
  names: readonly string[],
  now: Date,
): Promise<{ tagIds: string[]; created: Tag[] }> {
  const resolved = await Promise.all(
    names.map(async (name) => {
      const holder = await claimedTagId(tagNameKey(name));
      if (!holder) return { tag: newTag(randomUUID(), name, now), isNew: true };
      let tag = await getTag(holder, true);
      // Being merged away: its quizzes go to the tag it was renamed onto, and so does this one.
      if (tag?.mergedInto) tag = await getTag(tag.mergedInto, true);
      if (!tag || !isShown(tag)) throw new BadRequestError(TAG_MESSAGES.unusable(name));
      return { tag, isNew: false };
    }),
  );
  return {
    tagIds: [...new Set(resolved.map(({ tag }) => tag.id))],
    created: resolved.filter(({ isNew }) => isNew).map(({ tag }) => tag),
  };
}

/**
 * What `writeWithTags` would refuse for `names`, checked before a save does costly work (its
 * pictures re-encoded): a tag that may not be used (400), or more new tags than the member has
 * left today (429). Read only: the save's transaction stays the guard.
 */
export async function assertTagsUsable(
  names: readonly string[] | undefined,
  creatorId: string,
  now = new Date(),
): Promise<void> {
  if (!names?.length) return;
  const { created } = await resolveTagNames(names, now);
  if (
    created.length &&
    (await usesLeft(`tag-create#${creatorId}`, TAG_LIMITS.newPerDay, DAY_SECONDS, now)) < created.length
  )
    throw new TooManyRequestsError(TAG_MESSAGES.createTooMany);
}

/**
 * Writes a quiz with its tags: `names` (absent: the tags stay as they were) are resolved to tags,
 * and `write` is given the quiz's tag ids and the writes its transaction must carry (links, new
 * tags with their name claims, each tag's count change: tag-store.ts `tagWrites`). The tags the
 * author cannot see (inactive, being merged away) stay whatever `names` says; a link to a tag no
 * longer stored goes. When a tag was created, deactivated or merged by another request meanwhile,
 * the names are resolved again.
 */
export async function writeWithTags<T>(
  quiz: { id: string; createdAt: string },
  tags: {
    names: readonly string[] | undefined;
    before: TagState;
    counted: boolean;
    /**
     * The member whose save creates the new tags: at most 30 in any 24 hours (429); `null` only for
     * seeding, which no member asks for (every member's path names them, so none can forget).
     */
    creatorId: string | null;
  },
  write: (tagIds: string[], writes: NamedItem[]) => Promise<T>,
  now = new Date(),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const held = await getTags(tags.before.tagIds, true);
    const gone = new Set(tags.before.tagIds.filter((tagId) => !held.has(tagId)));
    const { tagIds, created } = tags.names
      ? await resolveTagNames(tags.names, now)
      : { tagIds: tags.before.tagIds.filter((tagId) => !gone.has(tagId)), created: [] };
    // New tags count against the member's allowance in the write that creates them.
    const allowance =
      tags.creatorId && created.length
        ? [
            await rateLimitWrite(
              `tag-create#${tags.creatorId}`,
              TAG_LIMITS.newPerDay,
              DAY_SECONDS,
              created.length,
              () => new TooManyRequestsError(TAG_MESSAGES.createTooMany),
              now,
            ),
          ]
        : [];
    if (tags.names)
      tagIds.push(...unseenTagIds(tags.before.tagIds, held).filter((id) => !tagIds.includes(id)));
    const changes = tagChanges(tags.before, { tagIds, counted: tags.counted });
    let written: T;
    try {
      written = await write(tagIds, [...tagWrites(quiz, changes, created, gone), ...allowance]);
    } catch (error) {
      if (!isTagRace(error)) throw error;
      // Another request changed a tag meanwhile: read again after the house's backoff.
      if (attempt >= RETRY.attempts) throw new ConflictError(TAG_MESSAGES.busy);
      await pause(backoffMs(attempt));
      continue;
    }
    // The quiz is saved: placing its tags in the most-used order is after the fact, and never
    // fails the save (its caller would remove its pictures, and a retry would save it twice).
    await placeTags(changes.delta.keys());
    return written;
  }
}

/** Quizzes as a read answers them, each built by `build` with its active tags (one batch read for all). */
export async function withTags<Q extends Pick<Quiz, 'tagIds'>, R>(
  quizzes: readonly Q[],
  build: (quiz: Q, tags: TagRef[]) => R,
): Promise<R[]> {
  const tags: ReadonlyMap<string, Tag> = await getTags(quizzes.flatMap((quiz) => quiz.tagIds ?? []));
  return quizzes.map((quiz) => build(quiz, shownTags(quiz.tagIds, tags)));
}

/** One quiz as a read answers it, with its active tags. */
export async function withQuizTags<Q extends Pick<Quiz, 'tagIds'>, R>(
  quiz: Q,
  build: (quiz: Q, tags: TagRef[]) => R,
): Promise<R> {
  return (await withTags([quiz], build))[0]!;
}

/** The shown tag a name (any case or width) is, if any: search by tag. */
export async function shownTagNamed(name: string): Promise<Tag | undefined> {
  const holder = await claimedTagId(tagNameKey(name));
  const tag = holder ? await getTag(holder) : undefined;
  return tag && isShown(tag) ? tag : undefined;
}

/**
 * `GET /api/tags`: the `limit` most used shown tags that some public, visible quiz carries, most
 * used first, read every time from the index (a tag's own count is right the moment a write
 * answers; the index, read eventually consistent, follows it within about a second in DynamoDB —
 * a consistent read of every listed tag would cost the home page up to 300 reads a view): the index in
 * order of use until the 100 most used are found (its order is placed just after each write, so
 * the counts themselves sort them), at most 300 entries however many tags are inactive.
 */
export async function popularTags(limit: number): Promise<PopularTag[]> {
  const found: Tag[] = [];
  for await (const page of tagsByUse(TAG_LIMITS.popularReadMax)) {
    found.push(...page.filter((tag) => isShown(tag) && tag.quizCount > 0));
    if (found.length >= TAG_LIMITS.popularMax) break;
  }
  return found.sort(byUse).slice(0, limit).map(toPopularTag);
}

/** `GET /api/admin/tags`: every tag, inactive ones included, most used first (the first 1,000). */
export async function adminTags(): Promise<AdminTag[]> {
  const found: Tag[] = [];
  for await (const page of tagsByUse(TAG_LIMITS.adminListMax))
    found.push(...page.filter((tag) => !tag.mergedInto));
  return found.sort(byUse).map(toAdminTag);
}

/** Quizzes whose links move at once during a merge. */
const MERGE_PARALLEL = 4;

/**
 * How long one request waits for the index of a merged tag's links to show the last of them
 * (DynamoDB's indexes are eventually consistent); past it the merge answers 409 and goes on with
 * the next change of the tag. Well within API Gateway's 29 s.
 */
const MERGE_WAIT_MS = 15_000;

/** Moves one quiz's link from `from` to `into` (once, with the counts), or drops the link of a quiz being deleted. */
async function moveLink(quizId: string, from: string, into: string): Promise<void> {
  const result = await changeTaggedQuiz(quizId, (quiz) =>
    quiz.status === 'active' && quiz.tagIds?.includes(from)
      ? { after: { ...tagStateOf(quiz), tagIds: mergedTagIds(quiz.tagIds, from, into) } }
      : undefined,
  );
  // A quiz being deleted (its counts already released) or gone keeps no link.
  if (!result?.change) await releaseLink(quizId, from);
}

/**
 * Merges `from` into the tag `intoId`: `from` leaves every read at once (and no link to it can be
 * written any more), then each of its quizzes is linked to `into` instead (once: a quiz that had
 * both keeps one link), with the counts, and `from` goes when its count of links says none is
 * left: a link the index did not show yet is read again, never left behind. An interrupted merge
 * goes on with the next change of `from`.
 */
async function mergeTag(from: TagItem, intoId: string, now: Date): Promise<TagItem> {
  const into = await getTag(intoId, true);
  if (!into || into.mergedInto) throw new ConflictError(TAG_MESSAGES.busy);
  if (!into.isActive) throw new BadRequestError(TAG_MESSAGES.unusable(into.name));
  if (!from.mergedInto)
    await beginMerge(from, into, now).catch((error: unknown) => {
      throw isTagRace(error) ? new ConflictError(TAG_MESSAGES.busy) : error;
    });
  const deadline = Date.now() + MERGE_WAIT_MS;
  for (let pass = 1; ; pass++) {
    const links: string[] = [];
    for await (const page of tagQuizPages(from.id, 100)) links.push(...page.map((link) => link.quizId));
    for (let at = 0; at < links.length; at += MERGE_PARALLEL)
      await Promise.all(
        links.slice(at, at + MERGE_PARALLEL).map((quizId) => moveLink(quizId, from.id, into.id)),
      ).catch((error: unknown) => {
        throw isTagRace(error) ? new ConflictError(TAG_MESSAGES.busy) : error;
      });
    if (!links.length && (await removeMergedTag(from.id))) break;
    if (Date.now() > deadline) throw new ConflictError(TAG_MESSAGES.busy);
    if (!links.length) await pause(backoffMs(Math.min(pass, 6)));
  }
  await placeTags([into.id]);
  return (await getTag(into.id, true)) ?? into;
}

/**
 * `PATCH /api/admin/tags/{id}`: a new name (onto another tag's name: the two are merged into that
 * one), a colour, active or not; audited like every administrator's action. Answers the tag as it
 * now is (after a merge, the one it went into) and whether it was merged.
 */
export async function updateTag(
  admin: { id: string },
  tagId: string,
  change: UpdateTagData,
  now = new Date(),
): Promise<{ tag: AdminTag; merged: boolean }> {
  const tag = await getTag(tagId, true);
  if (!tag) throw new NotFoundError(TAG_MESSAGES.notFound);
  let current: TagItem = tag;
  let merged = false;
  if (tag.mergedInto) {
    current = await mergeTag(tag, tag.mergedInto, now);
    merged = true;
  } else if (change.name !== undefined) {
    const name = change.name;
    for (let attempt = 1; ; attempt++) {
      const holder = await claimedTagId(tagNameKey(name));
      try {
        if (holder && holder !== tag.id) {
          current = await mergeTag(tag, holder, now);
          merged = true;
        } else if (name !== tag.name) await renameTag(tag, name, tagNameKey(name), now);
        break;
      } catch (error) {
        if (!isTagRace(error)) throw error;
        if (attempt >= RETRY.attempts) throw new ConflictError(TAG_MESSAGES.busy);
        await pause(backoffMs(attempt));
      }
    }
  }
  if (change.color !== undefined || change.isActive !== undefined)
    await setTagLook(current.id, change, now).catch((error: unknown) => {
      throw isTagRace(error) ? new ConflictError(TAG_MESSAGES.busy) : error;
    });
  const after = await getTag(current.id, true);
  if (!after) throw new NotFoundError(TAG_MESSAGES.notFound);
  await audit(admin.id, 'update-tag', { tagId, ...change, ...(merged ? { mergedInto: after.id } : {}) }, now);
  return { tag: toAdminTag(after), merged };
}
