/**
 * An `ADD` update of several number attributes at once (`{ plays: 1, scoreSum: 7 }`), named and
 * valued through placeholders so any attribute name is safe (`#c0 :c0`, …); the caller adds its own
 * condition, names and values beside these. Counters that grow by `ADD` never conflict: any number
 * of writers add at once.
 */
export function addCounters(counters: Readonly<Record<string, number>>): {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, number>;
} {
  const fields = Object.entries(counters);
  if (fields.length === 0) throw new Error('addCounters: nothing to add');
  return {
    UpdateExpression: `ADD ${fields.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(fields.map(([field], index) => [`#c${index}`, field])),
    ExpressionAttributeValues: Object.fromEntries(fields.map(([, value], index) => [`:c${index}`, value])),
  };
}
