import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import * as z from 'zod';
import { MEMBERSHIP_MESSAGES } from '@shared/membership';
import { getConfig } from '../lib/config';
import { AppError } from '../lib/errors';

/**
 * The Stripe SDK, the real one everywhere. On the local and test stages it talks to the payment
 * simulator (scripts/local/stripe-simulator.ts) with the fixed keys below; on deployed stages the
 * secret key and the webhook signing secret come from a Secrets Manager secret (its ARN is the
 * function's only Stripe setting), read at first use and again every few minutes so a changed
 * key takes effect without a deployment.
 */

/** The simulator's keys. Fixed and public on purpose (README): nothing real is paid locally. */
export const LOCAL_STRIPE_KEYS = {
  secretKey: 'sk_test_local_simulator',
  webhookSecret: 'whsec_local_simulator_2026',
} as const;

const secretSchema = z.object({
  secretKey: z.string().regex(/^(sk|rk)_(test|live)_/, 'secretKey must be a Stripe secret or restricted key'),
  webhookSecret: z.string().regex(/^whsec_/, 'webhookSecret must be a webhook signing secret'),
});
type StripeKeys = z.infer<typeof secretSchema>;

const SECRET_CACHE_MS = 5 * 60 * 1000;
let cachedKeys: { keys: StripeKeys; readAt: number } | undefined;
let secretsClient: SecretsManagerClient | undefined;

async function readKeys(): Promise<StripeKeys> {
  const config = getConfig();
  if (config.isLocal) return LOCAL_STRIPE_KEYS;
  if (cachedKeys && Date.now() - cachedKeys.readAt < SECRET_CACHE_MS) return cachedKeys.keys;
  if (!config.stripe.secretArn) throw new Error('STRIPE_SECRET_ARN is not set for this function');
  secretsClient ??= new SecretsManagerClient({ region: config.region });
  const secret = await secretsClient.send(new GetSecretValueCommand({ SecretId: config.stripe.secretArn }));
  const parsed = secretSchema.safeParse(JSON.parse(secret.SecretString ?? '{}'));
  if (!parsed.success) throw new Error(`The Stripe secret is not set up: ${parsed.error.issues[0]?.message}`);
  cachedKeys = { keys: parsed.data, readAt: Date.now() };
  return parsed.data;
}

const clients = new Map<string, Stripe>();

/** The Stripe client (the simulator's locally). */
export async function stripe(): Promise<Stripe> {
  const { secretKey } = await readKeys();
  const apiUrl = getConfig().stripe.apiUrl;
  let client = clients.get(`${secretKey} ${apiUrl}`);
  if (!client) {
    const simulator = apiUrl ? new URL(apiUrl) : undefined;
    client = new Stripe(secretKey, {
      // Requests are retried with the same idempotency key, so a retry never pays twice.
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(simulator
        ? {
            host: simulator.hostname,
            port: simulator.port,
            protocol: simulator.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
    clients.set(`${secretKey} ${apiUrl}`, client);
  }
  return client;
}

/** The webhook signing secret. */
export async function webhookSecret(): Promise<string> {
  return (await readKeys()).webhookSecret;
}

/**
 * Runs a Stripe call; a failure Stripe reports (declined card, unknown object) or a network failure
 * becomes a 502 with a Japanese message, never a stack trace.
 */
export async function callStripe<T>(call: (client: Stripe) => Promise<T>): Promise<T> {
  const client = await stripe();
  try {
    return await call(client);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      throw new AppError(502, MEMBERSHIP_MESSAGES.providerUnavailable, undefined, { cause: error });
    throw error;
  }
}

/** The error Stripe answered with, behind the 502 `callStripe` made of it. */
export function stripeErrorOf(error: unknown): Stripe.errors.StripeError | undefined {
  const cause = error instanceof AppError ? error.cause : error;
  return cause instanceof Stripe.errors.StripeError ? cause : undefined;
}

export { Stripe };
