import { isConditionFailed } from '../data/errors';
import { db } from '../data/db';
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
