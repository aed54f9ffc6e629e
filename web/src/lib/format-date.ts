/**
 * Date and time as Japanese readers expect them (2026/5/1 10:00, Japan time, no seconds), for
 * moderation and reports.
 */
export const formatDateTime = (iso: string): string =>
  new Date(iso).toLocaleString('ja-JP', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Tokyo',
  });

/**
 * A day (2026年5月1日), for a member's own history: the Japan day, as the server counts days (daily
 * stats, limits, reviews), whatever the browser's time zone. A bare yyyy-mm-dd is a Japan day.
 */
export const formatDay = (isoOrDay: string): string =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoOrDay) ? `${isoOrDay}T00:00:00+09:00` : isoOrDay).toLocaleDateString(
    'ja-JP',
    { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'Asia/Tokyo' },
  );
