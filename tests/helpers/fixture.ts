import type { Browser } from 'playwright-core';
import type { Route } from '../../cli/types.ts';
import { consentVersion } from '../../templates/components/CookieConsent.tsx';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { serveSite } from './server.ts';
import { buildInMemory } from './site.ts';

/** A built site served on 127.0.0.1, its routes and a browser, for one test file; closed after it. */
export function useServedSite(contentDir?: string): {
  readonly url: string;
  readonly browser: Browser;
  readonly routes: readonly Route[];
  /** The version of the site's cookie list, which a stored consent choice must carry. */
  readonly consentVersion: string;
} {
  const state = {} as {
    url: string;
    browser: Browser;
    routes: readonly Route[];
    consentVersion: string;
    close?: () => Promise<void>;
  };
  beforeAll(async () => {
    const site = await buildInMemory(contentDir);
    const server = await serveSite(site.files);
    state.url = server.url;
    state.routes = site.site.routes;
    state.consentVersion = consentVersion(site.site.content.collections.storage, site.site.content.settings);
    state.close = server.close;
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.close?.();
  });
  return state;
}
