import type { ClassServerMessage } from '@shared/classroom';
import { sendToConnection } from '../connections/connection';
import type { Logger } from '../lib/logger';
import type { ClassPlayerItem } from './class-policy';
import { markDisconnected } from './class-store';
import { eachBounded } from '../lib/each-bounded';

/**
 * The class games' fan-out: frames go to the players' and the host's sockets through the
 * `@connections` API, at most `FAN_OUT_CONCURRENCY` at a time, so 100 players are reached in a
 * few rounds of parallel calls. A socket found gone is marked disconnected and holds up nobody;
 * any other failure to send is logged, not thrown: the frame's own work is done.
 */
export const FAN_OUT_CONCURRENCY = 25;

/** Sends one frame to one socket; false when it is gone or could not be reached. */
export async function sendFrame(
  socket: { endpoint: string | null; connectionId: string | null },
  message: ClassServerMessage,
  log: Logger,
): Promise<boolean> {
  if (!socket.endpoint || !socket.connectionId) return false;
  try {
    return await sendToConnection(socket.endpoint, socket.connectionId, message);
  } catch (error) {
    log.warn('could not deliver a class game frame', { error, type: message.type });
    return false;
  }
}

/**
 * Sends each connected player the frame `frameFor` makes for them (none when it gives undefined),
 * 25 at a time; a player whose socket is found gone (`GoneException`) is marked disconnected. A
 * send that failed otherwise (throttled, a network error) is only logged: the player's socket is
 * still there, and marking it disconnected would leave them out of every later frame.
 */
export async function sendToPlayers(
  players: readonly ClassPlayerItem[],
  frameFor: (player: ClassPlayerItem) => ClassServerMessage | undefined,
  log: Logger,
): Promise<void> {
  const reachable = players.filter(
    (player) => !player.removed && player.connected && player.connectionId && player.endpoint,
  );
  await eachBounded(reachable, FAN_OUT_CONCURRENCY, async (player) => {
    const frame = frameFor(player);
    if (!frame) return;
    let gone: boolean;
    try {
      gone = !(await sendToConnection(player.endpoint!, player.connectionId!, frame));
    } catch (error) {
      log.warn('could not deliver a class game frame', { error, type: frame.type });
      return;
    }
    if (!gone) return;
    await markDisconnected(player.gameId, player.playerId, player.connectionId!, Date.now()).catch(
      (error: unknown) => log.warn('could not mark a gone player disconnected', { error }),
    );
  });
}

/** Sends a frame to the game's host screen, if one is attached. */
export const sendToHost = (
  game: { hostEndpoint: string | null; hostConnectionId: string | null },
  message: ClassServerMessage,
  log: Logger,
) => sendFrame({ endpoint: game.hostEndpoint, connectionId: game.hostConnectionId }, message, log);
