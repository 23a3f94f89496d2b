import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with nothing reaching outside this machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A page that may only load from `origin`; anything else is aborted and listed in `blocked`. */
export async function openPage(browser: Browser, origin: string, viewport: { width: number; height: number }): Promise<{ page: Page; blocked: string[]; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const blocked: string[] = [];
  const errors: string[] = [];
  await page.route('**/*', (route) => {
    if (route.request().url().startsWith(origin)) return route.continue();
    blocked.push(route.request().url());
    return route.abort();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/net::ERR_FAILED/.test(message.text())) errors.push(message.text());
  });
  return { page, blocked, errors };
}
