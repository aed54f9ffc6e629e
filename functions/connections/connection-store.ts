import { db } from '../data/db';
import { ignoreConditionFailed } from '../data/errors';
import { connectionKey } from './connection-keys';

/**
 * Writes on a connection item beyond its creation: the class game a socket joined (docs/classroom.md),
 * so its `answer` frames go to the class game and its close marks the player disconnected.
 */
export async function markClassPlayer(connectionId: string, gameId: string, playerId: string): Promise<void> {
  await db
    .update({
      Key: connectionKey(connectionId),
      UpdateExpression: 'SET classGameId = :game, classPlayerId = :player',
      // A socket already closed is not written back.
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':game': gameId, ':player': playerId },
    })
    .catch(ignoreConditionFailed);
}
