import { chromium, type Browser } from 'playwright-core';
import { existsSync } from 'node:fs';

/** Debian's Chromium, headless, without background networking (this machine has no network). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium for a test file. Its contexts (and so `newPage`'s) wait for elements and navigations
 * until they come: Playwright's own 30 s default is a limit a loaded machine reaches while the app
 * is right, and the test's limit (tests/support/limits.ts) ends a wait that never comes true.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium)`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(0);
    return context;
  };
  return browser;
}
