/**
 * What an answer costs in Lambda's reply, which may not pass 6 MB: the body is a JSON string inside
 * the runtime's own JSON, so each `"` and `\` counts twice and a control character up to seven
 * times. A list whose items authors write (edits, reports, saved sets) is measured this way.
 */

/** The bytes `value` takes in a function's reply as the body's JSON, escaped once more. */
export const replyBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(JSON.stringify(value)));

/** At most this much of a reply for one list (the rest of 6 MB is the envelope and the margin). */
export const LIST_REPLY_BYTES = 4_000_000;

/** The items, in order, while together they fit in `budget` bytes of a reply; the rest are left out. */
export function withinReply<T>(items: readonly T[], budget = LIST_REPLY_BYTES): T[] {
  let used = 0;
  const kept: T[] = [];
  for (const item of items) {
    used += replyBytes(item);
    if (used > budget) break;
    kept.push(item);
  }
  return kept;
}
