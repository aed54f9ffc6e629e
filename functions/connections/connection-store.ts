import { isConditionFailed } from '../data/errors';
import { db } from '../data/db';
import type { ConnectionItem } from './connection';
import { connectionKey } from './connection-keys';

/**
 * Marks a socket as a class game's player (docs/classroom.md): the game's `join_class` calls it
 * once the player is in, so a guest socket is no longer closed at its join deadline and its
 * `answer` frames go to the class game. `seatedAs` is the seat the socket held when the join read it
 * (null: none), and the mark is written only if it still holds that one: of two joins racing on one
 * socket, one marks it and the other is told `seated` (one socket, one seat). `gone` when the
 * socket is gone meanwhile (its item was removed at `$disconnect`) or is a guest socket being closed
 * at its join deadline: nothing is written then, and no item is made again for it.
 */
export async function markClassPlayer(
  connectionId: string,
  gameId: string,
  playerId: string,
  seatedAs: string | null,
): Promise<'marked' | 'seated' | 'gone'> {
  try {
    await db.update({
      Key: connectionKey(connectionId),
      UpdateExpression: 'SET classGameId = :gameId, classPlayerId = :playerId',
      // A guest socket its join deadline is closing joins nothing (sealUnjoinedGuest's other side).
      ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(guestClosing) AND ${
        seatedAs ? 'classPlayerId = :was' : 'attribute_not_exists(classPlayerId)'
      }`,
      ExpressionAttributeValues: {
        ':gameId': gameId,
        ':playerId': playerId,
        ...(seatedAs ? { ':was': seatedAs } : {}),
      },
    });
    return 'marked';
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const { Item } = await db.get({ Key: connectionKey(connectionId), ConsistentRead: true });
    return Item && !Item.guestClosing ? 'seated' : 'gone';
  }
}

/**
 * The join deadline's side of the race with `markClassPlayer`: marks a guest socket that has joined
 * no class game as closing, in one conditional write, so exactly one of the two wins — a join
 * written first keeps the socket open, and a join after this is refused. False when the socket is
 * gone, not a guest's, or joined meanwhile.
 */
export async function sealUnjoinedGuest(connectionId: string): Promise<boolean> {
  try {
    await db.update({
      Key: connectionKey(connectionId),
      UpdateExpression: 'SET guestClosing = :yes',
      ConditionExpression: 'attribute_exists(pk) AND guest = :yes AND attribute_not_exists(classGameId)',
      ExpressionAttributeValues: { ':yes': true },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * The other side of `markClassPlayer`: a socket whose player left or was removed plays in no class
 * game any more (its frames no longer reach the game, and it may join again). Only while the socket
 * still names that player (a later join of the socket is kept). The socket's item after, or
 * undefined when it is gone or names another seat.
 */
export async function unmarkClassPlayer(
  connectionId: string,
  playerId: string,
): Promise<{ guest?: boolean } | undefined> {
  try {
    const result = await db.update({
      Key: connectionKey(connectionId),
      UpdateExpression: 'REMOVE classGameId, classPlayerId',
      ConditionExpression: 'attribute_exists(pk) AND classPlayerId = :playerId',
      ExpressionAttributeValues: { ':playerId': playerId },
      ReturnValues: 'ALL_NEW',
    });
    return result.Attributes as { guest?: boolean };
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** A message counted on its socket's item, with the item as the count left it. */
export interface CountedMessage {
  connection: ConnectionItem;
  /** Messages of the socket counted in the second of this one (this one included). */
  count: number;
  /** Messages counted in the second before it. */
  previous: number;
}

/**
 * Counts a message of the socket received at `receivedAt` (epoch ms) on the socket's own item, and
 * returns the item as the count left it: one strongly consistent round trip for both (every frame
 * pays it, 100 answers in a class's last second among them). The first message of a second starts
 * the second's count (keeping the last one's as the second before); a later one adds to it, in
 * a second write. Undefined when the socket has no item (never opened, or closed and removed):
 * nothing is written then, and no item is made for it.
 */
export async function countMessage(
  connectionId: string,
  receivedAt: number,
): Promise<CountedMessage | undefined> {
  const second = Math.floor(receivedAt / 1000);
  const Key = connectionKey(connectionId);
  try {
    const { Attributes } = await db.update({
      Key,
      UpdateExpression:
        'SET msgSecond = :second, msgCount = :one, msgPrevSecond = if_not_exists(msgSecond, :none), msgPrevCount = if_not_exists(msgCount, :zero)',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(msgSecond) OR msgSecond < :second)',
      ExpressionAttributeValues: { ':second': second, ':one': 1, ':none': -1, ':zero': 0 },
      ReturnValues: 'ALL_NEW',
    });
    return counted(Attributes as ConnectionItem);
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  // The second's count has begun (or a later second's: a message that waited counts there).
  try {
    const { Attributes } = await db.update({
      Key,
      UpdateExpression: 'ADD msgCount :one',
      ConditionExpression: 'attribute_exists(pk) AND msgSecond >= :second',
      ExpressionAttributeValues: { ':second': second, ':one': 1 },
      ReturnValues: 'ALL_NEW',
    });
    return counted(Attributes as ConnectionItem);
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return undefined;
  }
}

function counted(connection: ConnectionItem): CountedMessage {
  const previous =
    connection.msgPrevSecond === (connection.msgSecond ?? 0) - 1 ? (connection.msgPrevCount ?? 0) : 0;
  return { connection, count: connection.msgCount ?? 1, previous };
}
