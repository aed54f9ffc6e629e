import { describe, expect, it } from 'vitest';
import { addCounters } from './counters';

describe('addCounters', () => {
  it('adds each counter through placeholders, so any attribute name is safe', () => {
    expect(addCounters({ plays: 1, 'score sum': 7 })).toEqual({
      UpdateExpression: 'ADD #c0 :c0, #c1 :c1',
      ExpressionAttributeNames: { '#c0': 'plays', '#c1': 'score sum' },
      ExpressionAttributeValues: { ':c0': 1, ':c1': 7 },
    });
  });

  it('refuses an update that adds nothing (DynamoDB would refuse its empty ADD)', () => {
    expect(() => addCounters({})).toThrow();
  });
});
