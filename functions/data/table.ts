/**
 * The one table definition (single-table design). Imported by the CDK stack, the local
 * bootstrap, the seed script and the tests, so keys and indexes are written once.
 * `docs/data-model.md` lists every access pattern and the key or index that serves it.
 */
export interface IndexDefinition {
  /** Index name, after the access pattern it serves. */
  name: string;
  partitionKey: string;
  sortKey: string;
}

export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds. DynamoDB may delete expired items days late: code always checks expiry itself. */
  ttlAttribute: 'ttl',
  indexes: [
    /** Items of one collection in order (e.g. a list sorted by time), partitioned by `gsi1pk`. */
    { name: 'byCollection', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** Everything a user owns (sessions, quizzes, favourites...), for lists and account deletion. */
    { name: 'byOwner', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const satisfies {
  partitionKey: string;
  sortKey: string;
  ttlAttribute: string;
  indexes: readonly IndexDefinition[];
};

export type IndexName = (typeof TABLE.indexes)[number]['name'];

/** Epoch seconds for a `ttl` attribute. */
export function ttlFromDate(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
