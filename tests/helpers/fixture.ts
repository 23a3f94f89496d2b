import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { Route } from '../../cli/types.ts';
import { consentVersion } from '../../templates/components/CookieConsent.tsx';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { copyProject } from './cli.ts';
import { serveSite } from './server.ts';
import { buildInMemory } from './site.ts';

/**
 * A built site served on 127.0.0.1, its routes, files and a browser, for one test file; closed
 * after it. Its fields are set in a `beforeAll`, which runs before the hooks a file adds after
 * calling this, so those can read them.
 */
export function useServedSite(contentDir?: string): {
  readonly url: string;
  readonly browser: Browser;
  readonly routes: readonly Route[];
  /** The built site's files by path, as served. */
  readonly files: ReadonlyMap<string, Buffer>;
  /** The version of the site's cookie list, which a stored consent choice must carry. */
  readonly consentVersion: string;
} {
  const state = {} as {
    url: string;
    browser: Browser;
    routes: readonly Route[];
    files: ReadonlyMap<string, Buffer>;
    consentVersion: string;
    close?: () => Promise<void>;
  };
  beforeAll(async () => {
    const site = await buildInMemory(contentDir);
    const server = await serveSite(site.files);
    state.url = server.url;
    state.routes = site.site.routes;
    state.files = site.files;
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

/** The settings of the site with an analytics id, so it asks for consent and loads the analytics island. */
export const WITH_ANALYTICS: readonly (readonly [RegExp, string])[] = [
  [/^analyticsId: ""$/m, 'analyticsId: "G-TEST123"'],
];

/**
 * The content folder of a copy of the project whose content/site.yaml has `replacements` made,
 * each of which must match; the copy is removed after the test file.
 */
export async function contentWithSettings(replacements: readonly (readonly [RegExp, string])[]): Promise<string> {
  const project = await copyProject();
  afterAll(() => rm(project, { recursive: true, force: true }));
  const settings = join(project, 'content', 'site.yaml');
  let text = await readFile(settings, 'utf8');
  for (const [from, to] of replacements) {
    if (!from.test(text)) throw new Error(`content/site.yaml has nothing matching ${from}`);
    text = text.replace(from, to);
  }
  await writeFile(settings, text);
  return join(project, 'content');
}
