import type { Browser, BrowserContext } from 'playwright-core';
import { member } from './actors';
import type { signInAs } from './accounts';

/**
 * A browser context signed in as a member put straight into the table (any role, pro or not),
 * for journeys that need an account the seed does not have.
 */
export async function signedInContext(
  browser: Browser,
  stack: { appUrl: string; gateway: { url: string } },
  overrides: Parameters<typeof signInAs>[1],
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; user: Awaited<ReturnType<typeof member>>['user'] }> {
  const { client, user } = await member(stack.gateway, overrides);
  const context = await browser.newContext(options);
  await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: stack.appUrl })));
  return { context, user };
}
