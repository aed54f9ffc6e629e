import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './stripe-simulator';

describe("the payment simulator's form parsing (Stripe's bracketed keys)", () => {
  it('reads nested objects and indexed arrays as the SDK encodes them', () => {
    const body = new URLSearchParams({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'jpy',
      'line_items[0][price_data][recurring][interval]': 'month',
      'metadata[userId]': 'u1',
      'expand[0]': 'payments',
      'expand[1]': 'payments.data.payment.payment_intent',
    }).toString();
    expect(parseStripeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ quantity: '1', price_data: { currency: 'jpy', recurring: { interval: 'month' } } }],
      metadata: { userId: 'u1' },
      expand: ['payments', 'payments.data.payment.payment_intent'],
    });
  });

  it('takes no prototype keys', () => {
    const parsed = parseStripeForm('__proto__[polluted]=yes&metadata[constructor][x]=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parsed).toEqual({});
  });
});
