import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPage } from '../helpers/browser.ts';
import { copyProject } from '../helpers/cli.ts';
import { useServedSite } from '../helpers/fixture.ts';
import { uiText } from '../helpers/ui.ts';

const ENDPOINT = 'https://newsletter.example.com/subscribe';
const project = await copyProject();
afterAll(() => rm(project, { recursive: true, force: true }));
const settingsFile = join(project, 'content/site.yaml');
await writeFile(
  settingsFile,
  (await readFile(settingsFile, 'utf8')).replace('newsletterEndpoint: ""', `newsletterEndpoint: "${ENDPOINT}"`),
);
const withEndpoint = useServedSite(join(project, 'content'));
const withoutEndpoint = useServedSite();

/**
 * Subscribes maria@example.org with the endpoint's answer held back until `release()`, so a test
 * sees the form while it posts; `posted()` is the body the endpoint received.
 */
async function holdEndpoint(page: import('playwright-core').Page) {
  let posted = '';
  let release: () => void = () => undefined;
  await page.route(ENDPOINT, async (route) => {
    posted = route.request().postData() ?? '';
    await new Promise<void>((resolve) => (release = resolve));
    await route.fulfill({ status: 200, body: 'ok' });
  });
  await page.locator('#newsletter-email').fill('maria@example.org');
  await page.locator('.newsletter button[type=submit]').click();
  return { release: () => release(), posted: () => posted };
}

async function openForm(site: { url: string; browser: import('playwright-core').Browser }, path = '/en/') {
  const opened = await openPage(site.browser, site.url, { width: 1280, height: 900 });
  await opened.page.goto(site.url + path);
  await opened.page.locator('.newsletter').scrollIntoViewIfNeeded();
  await expect
    .poll(() => opened.page.locator('.newsletter form').evaluate((form) => (form as HTMLFormElement).noValidate))
    .toBe(true);
  return opened;
}

describe('newsletter', () => {
  it('shows the first layer of data-protection information and refuses a malformed address without sending anything', async () => {
    const { page, blocked } = await openForm(withEndpoint);
    // Who, what for, on what basis and where to exercise the rights, beside the field (LOPDGDD, art. 11).
    expect(await page.locator('.newsletter__consent').textContent()).toBe(
      `Òptica Poblenou, S.L. will use your address to send you the newsletter, with your consent, which you can withdraw with the unsubscribe link in any issue. You can exercise your rights of access, rectification and erasure, among others, by writing to privadesa@example.com. ${uiText('en', 'newsletter.policyLink')}`,
    );
    await page.locator('#newsletter-email').fill('not-an-address');
    await page.locator('.newsletter button[type=submit]').click();
    expect(
      await page.locator('#newsletter-email').evaluate((input) => (input as HTMLInputElement).validationMessage),
    ).toBe(uiText('en', 'newsletter.invalid'));
    // The site's own message, beside the field and tied to it, not only the browser's bubble (ruling 30).
    const error = page.locator('#newsletter-error');
    expect(await error.isVisible()).toBe(true);
    expect(await error.textContent()).toBe(uiText('en', 'newsletter.invalid'));
    expect(await error.getAttribute('role')).toBe('alert');
    const field = page.locator('#newsletter-email');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe('newsletter-error newsletter-consent');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('newsletter-email');
    // Typing again takes the message away.
    await field.press('m');
    expect(await error.isVisible()).toBe(false);
    expect(await field.getAttribute('aria-invalid')).toBe('false');
    expect(await field.getAttribute('aria-describedby')).toBe('newsletter-consent');
    expect(blocked.filter((url) => url.startsWith(ENDPOINT))).toEqual([]);
    await page.context().close();
  });

  it('posts the address, shows "Subscribing…" meanwhile, then a success toast', async () => {
    const { page } = await openForm(withEndpoint);
    const endpoint = await holdEndpoint(page);
    const button = page.locator('.newsletter button[type=submit]');
    await expect.poll(() => button.textContent()).toBe('Subscribing…');
    expect(await button.isDisabled()).toBe(true);
    endpoint.release();
    await expect
      .poll(() => page.locator('[data-toasts] .toast').textContent())
      .toContain(uiText('en', 'newsletter.success'));
    expect(endpoint.posted()).toBe('email=maria%40example.org');
    expect(await button.textContent()).toBe('Subscribe');
    expect(await page.locator('#newsletter-email').inputValue()).toBe('');
    await page.context().close();
  });

  it('says "Subscribing…" in a toast while it posts, then updates that same toast with the result (issue 40)', async () => {
    const { page } = await openForm(withEndpoint);
    const endpoint = await holdEndpoint(page);
    const toast = page.locator('[data-toasts] .toast');
    await expect.poll(() => toast.textContent()).toContain('Subscribing…');
    // Marks the element on screen: an update in place keeps it; a new toast would be another element.
    await toast.evaluate((element) => element.setAttribute('data-first', ''));
    endpoint.release();
    await expect.poll(() => toast.textContent()).toContain(uiText('en', 'newsletter.success'));
    expect(await page.locator('[data-toasts] .toast[data-first]').count()).toBe(1);
    expect(await toast.count()).toBe(1);
    await page.context().close();
  });

  it('shows a destructive toast when the endpoint fails', async () => {
    const { page } = await openForm(withEndpoint, '/es/');
    await page.route(ENDPOINT, (route) => route.fulfill({ status: 500, body: 'no' }));
    await page.locator('#newsletter-email').fill('jordi@example.org');
    await page.locator('.newsletter button[type=submit]').click();
    const toast = page.locator('[data-toasts] .toast');
    await expect.poll(() => toast.getAttribute('class')).toBe('toast toast--destructive');
    await page.context().close();
  });

  it('with no endpoint configured, writes the shop an e-mail with a valid address, as without JavaScript, and says so in a toast', async () => {
    const { page, blocked } = await openForm(withoutEndpoint, '/ca/');
    const sent: string[] = [];
    page.on('request', (request) => void (request.url().startsWith('mailto:') && sent.push(request.url())));
    await page.locator('#newsletter-email').fill('anna@');
    await page.locator('.newsletter button[type=submit]').click();
    // An invalid address is still caught in the page: its message is shown, and nothing is sent.
    expect(
      await page.locator('#newsletter-email').evaluate((input) => (input as HTMLInputElement).validationMessage),
    ).toBe(uiText('ca', 'newsletter.invalid'));
    expect(await page.locator('#newsletter-error').textContent()).toBe(uiText('ca', 'newsletter.invalid'));
    expect(await page.locator('[data-toasts] .toast').count()).toBe(0);
    await page.locator('#newsletter-email').fill('anna@example.org');
    // A mailto: action hands the message to the mail program and the page stays: no navigation to wait for.
    await page.locator('.newsletter button[type=submit]').click({ noWaitAfter: true });
    await expect
      .poll(() => sent)
      .toEqual([`mailto:hola@example.com?subject=${encodeURIComponent('Butlletí')}&body=anna%40example.org`]);
    // The e-mail app may open behind the browser: the page says what happened (ruling 30), never as a failure.
    const toast = page.locator('[data-toasts] .toast');
    await expect.poll(() => toast.textContent()).toContain(uiText('ca', 'newsletter.mailed'));
    expect(await toast.getAttribute('class')).toBe('toast');
    expect(await page.locator('#newsletter-error').isVisible()).toBe(false);
    expect(blocked.filter((url) => !url.startsWith('https://maps.example.com/'))).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['with an endpoint', () => withEndpoint, [`POST ${ENDPOINT}`]],
    [
      'without one, writing an e-mail instead',
      () => withoutEndpoint,
      [`GET mailto:hola@example.com?subject=${encodeURIComponent('Butlletí')}&body=anna%40example.org`],
    ],
  ] as const)('never posts to the site itself without JavaScript, %s', async (_case, site, posts) => {
    const { page, errors } = await openPage(
      site().browser,
      site().url,
      { width: 1280, height: 900 },
      { javaScriptEnabled: false },
    );
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (request.method() === 'POST') requests.push(`POST ${url}`);
      else if (url.startsWith('mailto:')) requests.push(`${request.method()} ${url}`);
    });
    await page.goto(`${site().url}/ca/`);
    await page.locator('#newsletter-email').fill('anna@example.org');
    // A mailto: action hands the message to the mail program and the page stays: no navigation to wait for.
    await page.locator('.newsletter button[type=submit]').click({ noWaitAfter: true });
    // One submission makes one request: once it has been seen, no other can follow, and none
    // went to the site itself (the list holds every POST the page made).
    await expect.poll(() => requests).toEqual(posts);
    const form = page.locator('.newsletter form');
    if (site() === withoutEndpoint) expect(await form.getAttribute('action')).toBe('mailto:hola@example.com');
    // The Content-Security-Policy lets the form go where it points (Chromium logs a refusal as an error).
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
