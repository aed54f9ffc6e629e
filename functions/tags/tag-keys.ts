import { entity } from '../data/keys';
import { QUIZ_PARTITION } from '../quizzes/quiz-keys';

/**
 * Keys of tags (tag-store.ts), the schema's `tags` and `quiz_tags` on the one table: the tag, the
 * claim that makes its name unique, and a quiz's link to it, which lives in the quiz's partition so
 * it goes with the quiz (the schema's cascade).
 */
const MODULE = 'functions/tags/tag-store.ts';

export const TagKeys = entity({
  entity: 'Tag',
  module: MODULE,
  pk: 'TAG#{tagId}',
  sk: 'TAG',
  byCollection: { pk: 'TAGS', sk: '{count}#{tagId}' },
  fields: {
    count: 'its `quizCount`, 10 digits, so the tags read most used first',
  },
  notes:
    'name (as first written, NFKC, ≤ 50 characters), nameKey (lower case: the claim), color (`#RRGGBB`, default `#6B7280`), isActive, quizCount (the public, visible quizzes that carry it: `ADD` ±1 in the transaction of every create, edit, hide, restore and deletion that changes it), linkCount (quizzes linked to it, any visibility: `ADD` ±1 in the transaction of every link written or removed; a merged tag goes when it is 0, read strongly consistent where the index of its links may lag), version (`ADD 1` with every count change; `gsi1sk` is set from the count after the transaction, on the condition that the version is the one read), `mergedInto` (while its quizzes move to the tag it was renamed onto), createdAt, updatedAt',
});

export const TagNameKeys = entity({
  entity: 'Tag name claim',
  module: MODULE,
  pk: 'TAGNAME#{nameKey}',
  sk: 'TAGNAME',
  fields: { nameKey: 'the name in NFKC lower case, one space between words' },
  notes:
    '`tagId`; makes tag names unique regardless of case and width; put with `attribute_not_exists` in the transaction that creates or renames the tag',
});

export const QuizTagKeys = entity({
  entity: 'Quiz tag link',
  module: MODULE,
  pk: QUIZ_PARTITION,
  sk: 'TAG#{tagId}',
  byCollection: { pk: 'TAGQUIZ#{tagId}', sk: '{createdAt}#{quizId}' },
  fields: { createdAt: "the quiz's creation time, so a tag's quizzes read newest first" },
  notes:
    "quizId, tagId; one per tag of a quiz (the quiz's `tagIds` lists them in order), public or not; in the quiz's partition, so deleting the quiz deletes its links; a tag's quizzes (search by tag, a merge) are its collection",
});

export const tagKey = (tagId: string) => TagKeys.key({ tagId });
export const tagNameClaimKey = (nameKey: string) => TagNameKeys.key({ nameKey });
export const quizTagKey = (quizId: string, tagId: string) => QuizTagKeys.key({ quizId, tagId });
