/** Date and time as Japanese readers expect them (2026/5/1 10:00:00), for moderation and reports. */
export const formatDateTime = (iso: string): string => new Date(iso).toLocaleString('ja-JP');

/** A day (2026年5月1日), for a member's own history. */
export const formatDay = (iso: string): string =>
  new Date(iso).toLocaleDateString('ja-JP', { year: 'numeric', month: 'short', day: 'numeric' });
