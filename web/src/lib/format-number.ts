/** A count or figure as Japanese readers expect it: 12,500 rather than 12500. */
export const formatNumber = (value: number) => value.toLocaleString('ja-JP');
