import { ownerPartition, type OwnedKind } from './keys';
import { queryAll, type PageOptions } from './paginate';
import { INDEX } from './table';

/**
 * Everything of one kind a user owns, through the byOwner index (the owner's partition, the
 * entity's owner-index prefix: `gsi2pk = USER#<id>`, `gsi2sk` beginning with its kind), all pages.
 */
export function queryOwned<T = Record<string, unknown>>(
  userId: string,
  kind: OwnedKind,
  options: { newestFirst?: boolean; projection?: string } & Pick<PageOptions, 'maxItems'> = {},
): Promise<T[]> {
  return queryAll<T>(
    {
      index: INDEX.byOwner,
      partition: ownerPartition(userId),
      beginsWith: kind.ownerPrefix(),
      newestFirst: options.newestFirst ?? false,
      ...(options.projection ? { ProjectionExpression: options.projection } : {}),
    },
    options.maxItems === undefined ? {} : { maxItems: options.maxItems },
  );
}

/** Every item a user owns, of every kind (account deletion). */
export function queryAllOwned<T = Record<string, unknown>>(
  userId: string,
  query: { projection?: string; names?: Record<string, string> } = {},
): Promise<T[]> {
  return queryAll<T>({
    index: INDEX.byOwner,
    partition: ownerPartition(userId),
    ...(query.projection ? { ProjectionExpression: query.projection } : {}),
    ...(query.names ? { ExpressionAttributeNames: query.names } : {}),
  });
}
