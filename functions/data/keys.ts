import { INDEX, TABLE, type IndexDefinition } from './table';

/**
 * Entity keys, declared once as data. Every entity of the table has a declaration in the
 * `*-keys.ts` module beside the module that reads and writes it: its partition and sort key as
 * templates (`QUIZ#{quizId}`, `QUESTION#{order}`) and its index keys. The templates build every
 * key, index key and `begins_with` prefix the code uses, and `docs/data-model.md` is generated
 * from the same declarations (`npm run docs:data-model`), so the code and the document cannot
 * tell different stories.
 */

/** The field names of a key template: `QUIZ#{quizId}` has `quizId`. */
export type TemplateFields<T extends string> = T extends `${string}{${infer Field}}${infer Rest}`
  ? Field | TemplateFields<Rest>
  : never;

/** The values a template needs, one string per field. */
export type TemplateValues<T extends string> = { readonly [Field in TemplateFields<T>]: string };

/** Arguments of a builder: the values, optional when the template has no field. */
type ValuesArgument<T extends string> = [TemplateFields<T>] extends [never]
  ? [values?: TemplateValues<T>]
  : [values: TemplateValues<T>];

/** The primary key of an item. */
export interface ItemKey {
  pk: string;
  sk: string;
}

/** A filled template: the template itself when it has no field (`META`), else any string. */
type Filled<T extends string> = [TemplateFields<T>] extends [never] ? T : string;

type OwnerAttributes = typeof INDEX.byOwner.partitionKey | typeof INDEX.byOwner.sortKey;
type CollectionAttributes = typeof INDEX.byCollection.partitionKey | typeof INDEX.byCollection.sortKey;
/** The `byOwner` index attributes of an owned item. */
export type OwnerIndexKey = Record<OwnerAttributes, string>;
/** The `byCollection` index attributes of an item in a collection. */
export type CollectionIndexKey = Record<CollectionAttributes, string>;

/**
 * Everything a user owns is found through `byOwner` under the owner's own partition key, so the
 * index partition of an owned item is always the user partition.
 */
export const USER_PARTITION = 'USER#{userId}';

export interface EntityDefinition {
  /** The entity's name in the data model document. */
  entity: string;
  /** The module that reads and writes it (relative to the repository root). */
  module: string;
  pk: string;
  sk: string;
  /** Its `byOwner` sort key (`gsi2sk`); the index partition is the owner's `USER#{userId}`. */
  byOwner?: string;
  /** Its `byCollection` keys (`gsi1pk` names the collection, `gsi1sk` orders it). */
  byCollection?: { pk: string; sk: string };
  /** What the fields of the templates hold, when it is not obvious from the name. */
  fields?: Readonly<Record<string, string>>;
  /** Attributes and rules, for the data model document. */
  notes: string;
}

type OwnerTemplate<D> = D extends { byOwner: infer Template extends string } ? Template : never;
type CollectionPkTemplate<D> = D extends { byCollection: { pk: infer Template extends string } }
  ? Template
  : never;
type CollectionSkTemplate<D> = D extends { byCollection: { sk: infer Template extends string } }
  ? Template
  : never;
/** Every field of every template of an entity. */
type EntityFields<D extends EntityDefinition> = TemplateFields<
  D['pk'] | D['sk'] | OwnerTemplate<D> | CollectionPkTemplate<D> | CollectionSkTemplate<D>
>;
/** A declaration's `fields` may only describe fields its templates have. */
type CheckedFields<D extends EntityDefinition> = D extends { fields: infer Fields }
  ? { fields: { [Field in keyof Fields]: Field extends EntityFields<D> ? Fields[Field] : never } }
  : unknown;
/** A builder that only exists when the entity takes part in the index. */
type IndexBuilder<Template, Builder> = [Template] extends [never] ? undefined : Builder;

export interface EntityKeys<D extends EntityDefinition = EntityDefinition> {
  readonly definition: D;
  /** The item's primary key. */
  key(values: TemplateValues<D['pk'] | D['sk']>): { pk: Filled<D['pk']>; sk: Filled<D['sk']> };
  /** The item's partition key (for a Query of the partition). */
  pk(...values: ValuesArgument<D['pk']>): Filled<D['pk']>;
  /** The item's sort key. */
  sk(...values: ValuesArgument<D['sk']>): Filled<D['sk']>;
  /**
   * The sort key up to the first field not given: `skPrefix()` is the kind (`QUESTION#`), and
   * `skPrefix({ quizId })` of `WRONG#{quizId}#{questionId}` is `WRONG#<quizId>#`.
   */
  skPrefix(values?: Partial<TemplateValues<D['sk']>>): string;
  /** Reads the fields back out of a partition key; undefined when it is not this entity's. */
  parsePk(pk: string): TemplateValues<D['pk']> | undefined;
  /** The `byOwner` attributes (`gsi2pk`, `gsi2sk`) of an owned item. */
  owner: IndexBuilder<
    OwnerTemplate<D>,
    (values: TemplateValues<typeof USER_PARTITION | OwnerTemplate<D>>) => OwnerIndexKey
  >;
  /** The owner-index sort key up to the first field not given (the kind, for `begins_with`). */
  ownerPrefix: IndexBuilder<OwnerTemplate<D>, (values?: Partial<TemplateValues<OwnerTemplate<D>>>) => string>;
  /** The `byCollection` attributes (`gsi1pk`, `gsi1sk`) of an item in the collection. */
  collection: IndexBuilder<
    CollectionPkTemplate<D>,
    (values: TemplateValues<CollectionPkTemplate<D> | CollectionSkTemplate<D>>) => CollectionIndexKey
  >;
  /** The collection's `gsi1pk` (for a Query of the collection). */
  collectionPk: IndexBuilder<
    CollectionPkTemplate<D>,
    (...values: ValuesArgument<CollectionPkTemplate<D>>) => string
  >;
}

const FIELD = /\{(\w+)\}/g;

/** Every field name in a template, in order. */
export const templateFields = (template: string) => [...template.matchAll(FIELD)].map((match) => match[1]!);

/** The template's fixed text before its first field (the whole template when it has none). */
export const literalPrefix = (template: string) => template.split('{')[0]!;

/**
 * Fills a template. With `prefix`, it stops at the first field not given and answers the text
 * so far (a `begins_with` prefix); otherwise a missing field is a programming error.
 */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string | undefined>>,
  options: { prefix?: boolean } = {},
): string {
  let filled = '';
  for (const [index, part] of template.split(FIELD).entries()) {
    // split() with a capturing group alternates text and field names.
    if (index % 2 === 0) {
      filled += part;
      continue;
    }
    const value = values[part];
    if (value === undefined) {
      if (options.prefix) return filled;
      throw new Error(`key template ${template}: no value for ${part}`);
    }
    filled += value;
  }
  return filled;
}

/** Reads the fields back out of a key filled from `template`; undefined when it does not match. */
export function parseTemplate(template: string, key: string): Record<string, string> | undefined {
  const names = templateFields(template);
  const pattern = template
    .split(FIELD)
    .map((part, index) => (index % 2 === 0 ? part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '(.+?)'))
    .join('');
  const match = new RegExp(`^${pattern}$`, 'u').exec(key);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1]!]));
}

/**
 * Declares an entity's keys. The declaration is kept as `definition` (the data model document is
 * made from it) and answers the builders for its keys.
 */
export function entity<const D extends EntityDefinition>(definition: D & CheckedFields<D>): EntityKeys<D> {
  const owner = definition.byOwner;
  const collection = definition.byCollection;
  const fill = (template: string, values: object = {}) =>
    fillTemplate(template, values as Record<string, string>);
  const prefix = (template: string, values: object = {}) =>
    fillTemplate(template, values as Record<string, string>, { prefix: true });
  const keys = {
    definition,
    key: (values: object) => ({
      [TABLE.partitionKey]: fill(definition.pk, values),
      [TABLE.sortKey]: fill(definition.sk, values),
    }),
    pk: (values?: object) => fill(definition.pk, values),
    sk: (values?: object) => fill(definition.sk, values),
    skPrefix: (values?: object) => prefix(definition.sk, values),
    parsePk: (pk: string) => parseTemplate(definition.pk, pk),
    owner: owner
      ? (values: object) => ({
          [INDEX.byOwner.partitionKey]: fill(USER_PARTITION, values),
          [INDEX.byOwner.sortKey]: fill(owner, values),
        })
      : undefined,
    ownerPrefix: owner ? (values?: object) => prefix(owner, values) : undefined,
    collection: collection
      ? (values: object) => ({
          [INDEX.byCollection.partitionKey]: fill(collection.pk, values),
          [INDEX.byCollection.sortKey]: fill(collection.sk, values),
        })
      : undefined,
    collectionPk: collection ? (values?: object) => fill(collection.pk, values) : undefined,
  };
  return keys as unknown as EntityKeys<D>;
}

/** An entity that has a kind in the owner index. */
export interface OwnedKind {
  ownerPrefix: () => string;
}

/** The owner partition of a user: `byOwner`'s `gsi2pk` for everything they own. */
export const ownerPartition = (userId: string) => fillTemplate(USER_PARTITION, { userId });

/** The index attributes of an item, as an UpdateExpression's `SET` clause with its values. */
export function setAttributes(attributes: Readonly<Record<string, string>>): {
  expression: string;
  values: Record<string, string>;
} {
  const names = Object.keys(attributes);
  return {
    expression: names.map((name) => `${name} = :${name}`).join(', '),
    values: Object.fromEntries(names.map((name) => [`:${name}`, attributes[name]!])),
  };
}

/** An index's key attributes, as an UpdateExpression's `REMOVE` list (the item leaves the index). */
export const indexAttributes = (index: IndexDefinition) => `${index.partitionKey}, ${index.sortKey}`;
