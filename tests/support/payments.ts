import Stripe from 'stripe';
import { resetConfigForTests } from '@functions/lib/config';
import { LOCAL_STRIPE_KEYS } from '@functions/membership/stripe';
import { startStripeSimulator } from '../../scripts/local/stripe-simulator';

/**
 * The payment simulator for an integration test file, delivering to the test gateway's webhook
 * with short retries, and the functions pointed at it.
 */
export async function startTestPayments(gateway: { url: string }) {
  const simulator = await startStripeSimulator({
    port: 0,
    webhookUrl: `${gateway.url}/api/stripe/webhook`,
    retryDelaysMs: [100, 300, 1000],
  });
  process.env.STRIPE_API_URL = simulator.url;
  resetConfigForTests();
  const url = new URL(simulator.url);
  /** The real SDK on the simulator, as an operator's script would use it. */
  const sdk = new Stripe(LOCAL_STRIPE_KEYS.secretKey, {
    host: url.hostname,
    port: url.port,
    protocol: 'http',
  });
  return { simulator, sdk };
}

/** Presses the hosted checkout page's pay button; answers where the browser is sent. */
export async function payCheckout(checkoutUrl: string): Promise<string> {
  const response = await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  if (response.status !== 303) throw new Error(`pay answered ${response.status}`);
  return response.headers.get('location')!;
}

/** The test clock. */
export async function advanceClock(simulatorUrl: string, seconds: number, renewal: 'pay' | 'fail' = 'pay') {
  const response = await fetch(`${simulatorUrl}/_simulator/advance-clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds, renewal }),
  });
  if (!response.ok) throw new Error(`advance-clock answered ${response.status}`);
}

/** A webhook delivery signed with the local secret (README), as an operator would send one. */
export function signedEvent(
  event: Record<string, unknown>,
  secret: string = LOCAL_STRIPE_KEYS.webhookSecret,
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}
