import { batchGetAll } from '../data/batch';
import { db } from '../data/db';
import { ConditionsFailed, ignoreConditionFailed, isConditionFailed } from '../data/errors';
import { queryPages } from '../data/paginate';
import { backoffMs, pause, RETRY } from '../data/retry';
import { INDEX } from '../data/table';
import { transactWrite, type NamedItem } from '../data/transact';
import { requestLog } from '../lib/logger';
import { quizKey } from '../quizzes/quiz-keys';
import {
  countRank,
  tagChanges,
  tagStateOf,
  withoutTags,
  type Tag,
  type TagChanges,
  type TagState,
} from './tag-policy';
import { QuizTagKeys, quizTagKey, tagKey, TagKeys, tagNameClaimKey } from './tag-keys';

/**
 * Tags in the table (tag-keys.ts): the tag (`TAG#<id>`), its name claim (`TAGNAME#<key>`) and each
 * quiz's link (`QUIZ#<id>` / `TAG#<tagId>`). A tag's `quizCount` changes only inside the
 * transaction that changes what it counts (a quiz's tags or visibility), so it is exact the moment
 * that write answers, whatever runs beside it; its place in the most-used order (`gsi1sk`) follows
 * right after.
 */

export interface TagItem extends Tag {
  pk: string;
  sk: 'TAG';
  gsi1pk: string;
  gsi1sk: string;
}

/** Names of the transaction items whose failed condition means "read again and retry". */
export const TAG_CONDITIONS = {
  /** Another request created a tag of that name meanwhile. */
  claim: 'tag-claim',
  /** A tag being linked was deactivated or is being merged away. */
  unusable: 'tag-unusable',
  /** A link is not as read: a merge moved it. */
  link: 'tag-link',
  /** The quiz changed since it was read (an edit, a moderation decision, a deletion). */
  quiz: 'tag-quiz',
} as const;

/** Whether a failed transaction only needs its caller to read again and retry. */
export const isTagRace = (error: unknown) =>
  error instanceof ConditionsFailed && Object.values(TAG_CONDITIONS).some((name) => error.has(name));

export async function getTag(tagId: string, consistent = false): Promise<TagItem | undefined> {
  const { Item } = await db.get({ Key: tagKey(tagId), ConsistentRead: consistent });
  return Item as TagItem | undefined;
}

/** The tags of `tagIds` that exist, by id (strongly consistent when a write depends on it). */
export async function getTags(tagIds: readonly string[], consistent = false): Promise<Map<string, TagItem>> {
  const found = tagIds.length
    ? await batchGetAll<TagItem>([...new Set(tagIds)].map(tagKey), { consistent })
    : [];
  return new Map(found.map((tag) => [tag.id, tag]));
}

/** The tag that holds a name (strongly consistent: a tag created a moment ago is found). */
export async function claimedTagId(nameKey: string): Promise<string | undefined> {
  const { Item } = await db.get({ Key: tagNameClaimKey(nameKey), ConsistentRead: true });
  return Item?.tagId as string | undefined;
}

/** A tag's place in the most-used order. */
const rankIndex = (quizCount: number, tagId: string) =>
  TagKeys.collection({ count: countRank(quizCount), tagId });

const tagItem = (tag: Tag): TagItem => ({
  ...tagKey(tag.id),
  ...tag,
  ...rankIndex(tag.quizCount, tag.id),
});

/**
 * A count change of a tag (`quizCount` by `delta`, `linkCount` by `links`), its version moved on.
 * A tag being linked must be usable (active, not being merged away); one being unlinked or
 * recounted only has to exist.
 */
const countChange = (tagId: string, delta: number, links: -1 | 0 | 1): NamedItem => ({
  name: links > 0 ? TAG_CONDITIONS.unusable : TAG_CONDITIONS.link,
  Update: {
    Key: tagKey(tagId),
    UpdateExpression: 'ADD quizCount :delta, linkCount :links, version :one',
    ConditionExpression:
      links > 0
        ? 'attribute_exists(pk) AND isActive = :yes AND attribute_not_exists(mergedInto)'
        : 'attribute_exists(pk)',
    ExpressionAttributeValues: {
      ':delta': delta,
      ':links': links,
      ':one': 1,
      ...(links > 0 ? { ':yes': true } : {}),
    },
  },
});

/**
 * The writes of a change of a quiz's tags or visibility, for the transaction that makes the change:
 * links added (a tag in `created` is written with its name claim) and removed, each tag's count
 * and links moved, and a check that every link kept is still there (a merge moves links: a change
 * read before it must not count them). A link to a tag in `gone` (no longer stored) is only removed.
 */
export function tagWrites(
  quiz: { id: string; createdAt: string },
  changes: TagChanges,
  created: readonly Tag[] = [],
  gone: ReadonlySet<string> = new Set(),
): NamedItem[] {
  const fresh = new Map(created.map((tag) => [tag.id, tag]));
  const delta = (tagId: string) => changes.delta.get(tagId) ?? 0;
  const link = (tagId: string) => quizTagKey(quiz.id, tagId);
  return [
    ...changes.added.flatMap((tagId): NamedItem[] => {
      const tag = fresh.get(tagId);
      return [
        {
          name: TAG_CONDITIONS.link,
          Put: {
            Item: {
              ...link(tagId),
              quizId: quiz.id,
              tagId,
              ...QuizTagKeys.collection({ tagId, createdAt: quiz.createdAt, quizId: quiz.id }),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...(tag
          ? [
              {
                name: TAG_CONDITIONS.claim,
                Put: {
                  Item: { ...tagNameClaimKey(tag.nameKey), tagId },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                name: TAG_CONDITIONS.claim,
                Put: {
                  Item: tagItem({ ...tag, quizCount: delta(tagId), linkCount: 1, version: 1 }),
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ]
          : [countChange(tagId, delta(tagId), 1)]),
      ];
    }),
    ...changes.removed.flatMap((tagId): NamedItem[] => [
      {
        name: TAG_CONDITIONS.link,
        Delete: { Key: link(tagId), ConditionExpression: 'attribute_exists(pk)' },
      },
      ...(gone.has(tagId) ? [] : [countChange(tagId, delta(tagId), -1)]),
    ]),
    ...changes.kept.flatMap((tagId): NamedItem[] => [
      {
        name: TAG_CONDITIONS.link,
        ConditionCheck: { Key: link(tagId), ConditionExpression: 'attribute_exists(pk)' },
      },
      ...(delta(tagId) ? [countChange(tagId, delta(tagId), 0)] : []),
    ]),
  ];
}

/**
 * Puts each tag in its place in the most-used order after its count changed: the count read,
 * written on the condition that no later change came meanwhile (that change's own call places it).
 * It follows a write that is done (a quiz saved, hidden, restored, deleted; a merge step), so it
 * never fails that write: a failure (in DynamoDB a TransactionConflict with another request's
 * transaction on the tag) is logged, the counts are right, and the tag's next change places it.
 */
export async function placeTags(tagIds: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(tagIds)].map(async (tagId) => {
      try {
        const tag = await getTag(tagId, true);
        if (!tag) return;
        await db
          .update({
            Key: tagKey(tagId),
            UpdateExpression: 'SET gsi1sk = :rank',
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: {
              ':rank': rankIndex(tag.quizCount, tagId).gsi1sk,
              ':version': tag.version,
            },
          })
          .catch(ignoreConditionFailed);
      } catch (error) {
        requestLog().warn('could not place a tag in the most-used order', { error, tagId });
      }
    }),
  );
}

/** Tags most used first (by the stored order), up to `max` read. */
export function tagsByUse(max: number) {
  return queryPages<TagItem>(
    { index: INDEX.byCollection, partition: TagKeys.collectionPk(), newestFirst: true },
    { maxItems: max, pageSize: (page) => Math.min(max, 100 * 4 ** page) },
  );
}

/** A tag's quizzes (public or not), newest first: `<createdAt>#<quizId>` and the quiz's id. */
export function tagQuizPages(tagId: string, max: number, first = Math.min(max, 200)) {
  return queryPages<{ quizId: string; gsi1sk: string }>(
    {
      index: INDEX.byCollection,
      partition: QuizTagKeys.collectionPk({ tagId }),
      newestFirst: true,
      ProjectionExpression: 'quizId, gsi1sk',
    },
    { maxItems: max, pageSize: (page) => Math.min(max, first * 4 ** page) },
  );
}

/** Those of `tagIds` whose tag is no longer stored. */
export async function goneTagIds(tagIds: readonly string[]): Promise<Set<string>> {
  const stored = await getTags(tagIds, true);
  return new Set(tagIds.filter((tagId) => !stored.has(tagId)));
}

/** A quiz's META as a change of its tags or visibility reads it. */
export interface TaggedQuiz {
  id: string;
  createdAt: string;
  updatedAt: string;
  isPublished: boolean;
  isHidden: boolean;
  status: 'active' | 'deleting';
  tagIds?: string[];
}

/** A change of a quiz's META that may change what its tags count: what to set and remove, and its tags and visibility after. */
export interface TaggedQuizChange {
  set?: readonly string[];
  remove?: readonly string[];
  values?: Readonly<Record<string, unknown>>;
  after: TagState;
  /** Other items written in the same transaction (a hidden quiz's place in the admin list). */
  extra?: readonly NamedItem[];
}

/**
 * Changes a quiz's META with its tags' counts in one transaction, on the condition that nothing
 * that decides them changed since the quiz was read (an edit moves `updatedAt`; visibility and
 * status are compared; a merge moves links, which the link checks see); when something did, the
 * quiz is read again and `decide` asked again, after the one retry policy's backoff (data/retry.ts:
 * its attempts, then `ConditionsFailed`, which answers 409). `decide` answers undefined when there is nothing to
 * do. Answers the quiz as read and the change made, or undefined when the quiz does not exist.
 */
export async function changeTaggedQuiz(
  quizId: string,
  decide: (quiz: TaggedQuiz) => TaggedQuizChange | undefined,
): Promise<{ quiz: TaggedQuiz; change: TaggedQuizChange | undefined } | undefined> {
  for (let attempt = 1; ; attempt++) {
    const { Item } = await db.get({ Key: quizKey(quizId), ConsistentRead: true });
    const quiz = Item as TaggedQuiz | undefined;
    if (!quiz) return undefined;
    const decided = decide(quiz);
    if (!decided) return { quiz, change: decided };
    // A link to a tag that is no longer stored (from before merges counted links) goes with this change.
    const gone = await goneTagIds(quiz.tagIds ?? []);
    const change = { ...decided, after: withoutTags(decided.after, gone) };
    const changes = tagChanges(tagStateOf(quiz), change.after);
    const set = [...(change.set ?? []), 'tagIds = :tagIds'];
    try {
      await transactWrite([
        {
          name: TAG_CONDITIONS.quiz,
          Update: {
            Key: quizKey(quizId),
            UpdateExpression: `SET ${set.join(', ')}${change.remove?.length ? ` REMOVE ${change.remove.join(', ')}` : ''}`,
            ConditionExpression:
              'updatedAt = :seenUpdatedAt AND isPublished = :seenPublished AND isHidden = :seenHidden AND #status = :seenStatus',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ...change.values,
              ':tagIds': [...change.after.tagIds],
              ':seenUpdatedAt': quiz.updatedAt,
              ':seenPublished': quiz.isPublished,
              ':seenHidden': quiz.isHidden,
              ':seenStatus': quiz.status,
            },
          },
        },
        ...tagWrites(quiz, changes, [], gone),
        ...(change.extra ?? []),
      ]);
      await placeTags(changes.delta.keys());
      return { quiz, change };
    } catch (error) {
      if (!isTagRace(error) || attempt >= RETRY.attempts) throw error;
      // Parallel moderators and editors of one quiz spread out instead of colliding again in step.
      await pause(backoffMs(attempt));
    }
  }
}

/**
 * Begins merging `from` into `into`: `from` leaves every list and read at once (inactive,
 * `mergedInto`) and gives its name up; `into` must exist and not be merging itself.
 */
export async function beginMerge(from: TagItem, into: TagItem, now: Date): Promise<void> {
  await transactWrite([
    {
      name: TAG_CONDITIONS.unusable,
      Update: {
        Key: tagKey(from.id),
        UpdateExpression: 'SET mergedInto = :into, isActive = :no, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(mergedInto)',
        ExpressionAttributeValues: { ':into': into.id, ':no': false, ':now': now.toISOString() },
      },
    },
    {
      name: TAG_CONDITIONS.claim,
      Delete: {
        Key: tagNameClaimKey(from.nameKey),
        ConditionExpression: 'tagId = :from',
        ExpressionAttributeValues: { ':from': from.id },
      },
    },
    {
      name: TAG_CONDITIONS.unusable,
      ConditionCheck: {
        Key: tagKey(into.id),
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(mergedInto)',
      },
    },
  ]);
}

/**
 * Removes a link that no quiz's tags list any more (a quiz being deleted or gone), with the tag's
 * count of links; nothing when another request removed it first.
 */
export async function releaseLink(quizId: string, tagId: string): Promise<void> {
  await transactWrite([
    {
      name: TAG_CONDITIONS.link,
      Delete: { Key: quizTagKey(quizId, tagId), ConditionExpression: 'attribute_exists(pk)' },
    },
    countChange(tagId, 0, -1),
  ]).catch((error: unknown) => {
    if (!isTagRace(error)) throw error;
  });
}

/**
 * Removes a merged tag once no quiz links to it: its `linkCount` (moved in the transaction of every
 * link written or removed) is read strongly consistent by the condition, where the index of its
 * links may lag. A tag from before links were counted has none and goes as before. Answers
 * whether the tag is gone.
 */
export async function removeMergedTag(tagId: string): Promise<boolean> {
  try {
    await db.delete({
      Key: tagKey(tagId),
      ConditionExpression:
        'attribute_exists(mergedInto) AND (attribute_not_exists(linkCount) OR linkCount <= :none)',
      ExpressionAttributeValues: { ':none': 0 },
    });
    return true;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return !(await getTag(tagId, true));
  }
}

/**
 * Renames a tag to a name no other tag holds (its own name in another case or width included):
 * the new claim is put with `attribute_not_exists` (another tag took it meanwhile: `claim`), the
 * old one goes.
 */
export async function renameTag(tag: TagItem, name: string, nameKey: string, now: Date): Promise<void> {
  const sameKey = nameKey === tag.nameKey;
  await transactWrite([
    {
      name: TAG_CONDITIONS.unusable,
      Update: {
        Key: tagKey(tag.id),
        UpdateExpression: 'SET #name = :name, nameKey = :nameKey, updatedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_not_exists(mergedInto) AND nameKey = :oldKey',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: {
          ':name': name,
          ':nameKey': nameKey,
          ':now': now.toISOString(),
          ':oldKey': tag.nameKey,
        },
      },
    },
    ...(sameKey
      ? []
      : [
          {
            name: TAG_CONDITIONS.claim,
            Put: {
              Item: { ...tagNameClaimKey(nameKey), tagId: tag.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            name: TAG_CONDITIONS.claim,
            Delete: {
              Key: tagNameClaimKey(tag.nameKey),
              ConditionExpression: 'tagId = :id',
              ExpressionAttributeValues: { ':id': tag.id },
            },
          },
        ]),
  ]);
}

/** Sets a tag's colour and whether it is active (a tag being merged away stays inactive). */
export async function setTagLook(
  tagId: string,
  change: { color?: string | undefined; isActive?: boolean | undefined },
  now: Date,
): Promise<void> {
  const set = ['updatedAt = :now'];
  const values: Record<string, unknown> = { ':now': now.toISOString() };
  if (change.color !== undefined) {
    set.push('color = :color');
    values[':color'] = change.color;
  }
  if (change.isActive !== undefined) {
    set.push('isActive = :active');
    values[':active'] = change.isActive;
  }
  await transactWrite([
    {
      name: TAG_CONDITIONS.unusable,
      Update: {
        Key: tagKey(tagId),
        UpdateExpression: `SET ${set.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(mergedInto)',
        ExpressionAttributeValues: values,
      },
    },
  ]);
}
