/** Day boundaries are Japan time (Asia/Tokyo, UTC+9 all year): daily stats and the AI limits' 00:00 reset. */
const JST_OFFSET_MS = 9 * 3_600_000;

/** The IANA name of the same zone, for dates shown to people (e-mails). */
export const JAPAN_TIME_ZONE = 'Asia/Tokyo';

/** The calendar day in Japan of an instant, as yyyy-mm-dd. */
export const japanDate = (date: Date) => new Date(date.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);

/** The next 00:00 in Japan after an instant. */
export function nextJapanMidnight(at: Date): Date {
  const japanNow = new Date(at.getTime() + JST_OFFSET_MS);
  const midnightAsUtc = Date.UTC(
    japanNow.getUTCFullYear(),
    japanNow.getUTCMonth(),
    japanNow.getUTCDate() + 1,
  );
  return new Date(midnightAsUtc - JST_OFFSET_MS);
}
