/**
 * The one table definition (single-table design). Imported by the CDK stack, the local
 * bootstrap, the seed script and the tests, so keys and indexes are written once. The entities'
 * keys are declared in the `*-keys.ts` module beside each entity (see `keys.ts`);
 * `docs/data-model.md` is generated from both (`npm run docs:data-model`).
 */
export interface IndexDefinition {
  /** Index name, after the access pattern it serves. */
  name: string;
  partitionKey: string;
  sortKey: string;
  /** What the index serves, for the data model document. */
  serves: string;
}

/**
 * The global secondary indexes, by name. Both are overloaded: an entity that takes part in one
 * declares its index keys in its key module, so a query names the index through this constant
 * and its key values through the entity, never as string literals.
 */
export const INDEX = {
  /** Items of one collection in order (e.g. a list sorted by time), partitioned by `gsi1pk`. */
  byCollection: {
    name: 'byCollection',
    partitionKey: 'gsi1pk',
    sortKey: 'gsi1sk',
    serves: 'items of one collection in order (lists sorted by time): `gsi1pk` names the collection',
  },
  /** Everything a user owns (sessions, quizzes, favourites...), for lists and account deletion. */
  byOwner: {
    name: 'byOwner',
    partitionKey: 'gsi2pk',
    sortKey: 'gsi2sk',
    serves:
      'everything a user owns, `gsi2pk = USER#<userId>`, `gsi2sk` beginning with the kind: lists of one kind, and account deletion',
  },
} as const satisfies Record<string, IndexDefinition>;

export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds. DynamoDB may delete expired items days late: code always checks expiry itself. */
  ttlAttribute: 'ttl',
  indexes: [INDEX.byCollection, INDEX.byOwner],
  /** The table's stream, for its consumers in the route table (the search indexer): items before and after each change. */
  stream: 'NEW_AND_OLD_IMAGES',
} as const satisfies {
  partitionKey: string;
  sortKey: string;
  ttlAttribute: string;
  indexes: readonly IndexDefinition[];
  stream: 'NEW_AND_OLD_IMAGES';
};

export type IndexName = (typeof TABLE.indexes)[number]['name'];

/** Epoch seconds for a `ttl` attribute. */
export function ttlFromDate(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
