import type { ServerMessageOf } from '@shared/multiplayer';

/**
 * The games whose attempt this browser has recorded, so the attempt POST goes out once per game:
 * the final ranking reaches a page by `game_finished` and again by `room_rejoined` after a reload,
 * a reconnect or another tab taking the seat over during the podium. Kept in localStorage (shared
 * by the tabs and surviving a reload); in memory when storage is refused.
 *
 * A game is named by member, room, quiz and a hash of its final ranking (every player's score and
 * answers). A room's entries are forgotten when it starts another game, so a later game with the
 * very same ranking is still recorded.
 */
const STORAGE_KEY = 'mp-attempts-sent';
/** Entries kept at most: a member is in few finished games at once. */
const KEPT = 20;

let memory: string[] = [];

function read(): string[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((entry) => typeof entry === 'string').slice(-KEPT) : [];
  } catch {
    return memory;
  }
}

function write(entries: string[]) {
  memory = entries.slice(-KEPT);
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(memory));
  } catch {
    // Storage refused (private mode, quota): the in-memory list still guards this page.
  }
}

/** FNV-1a, 32 bits: a short stable name for a ranking (not a secret). */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(16).padStart(8, '0');
}

const roomPrefix = (userId: string, roomId: string) => `${userId}|${roomId}|`;

function gameKey(userId: string, finished: ServerMessageOf<'game_finished'>): string {
  const ranking = finished.results.map((entry) => [entry.playerId, entry.score, entry.answers]);
  return `${roomPrefix(userId, finished.roomId)}${finished.quizId}|${hash(JSON.stringify(ranking))}`;
}

/** Marks the game as recorded; false when it already was (by this page or another tab). */
export function claimAttempt(userId: string, finished: ServerMessageOf<'game_finished'>): boolean {
  const key = gameKey(userId, finished);
  const entries = read();
  if (entries.includes(key)) return false;
  write([...entries, key]);
  return true;
}

/** The room starts or shows another game: its earlier games are no longer to be told apart. */
export function forgetRoomAttempts(userId: string, roomId: string): void {
  const prefix = roomPrefix(userId, roomId);
  const entries = read();
  if (entries.some((entry) => entry.startsWith(prefix)))
    write(entries.filter((entry) => !entry.startsWith(prefix)));
}
