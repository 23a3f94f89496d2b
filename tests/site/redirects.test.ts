import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInMemory, documentOf } from '../helpers/site.ts';

/** The old addresses of docs/behaviour.md#redirects, as the product's specification lists them. */
const legacy = [
  ['/en/contact-lenses-poblenou-barcelona', '/en/services/lents-contacte/'],
  ['/lentillas-poblenou-barcelona', '/es/services/lents-contacte/'],
  ['/orto-k-poblenou-barcelona', '/es/services/orto-k/'],
  ['/en/orto-k-in-poblenou-barcelona', '/en/services/orto-k/'],
  ['/salud-visual-poblenou-barcelona', '/es/services/salut-visual/'],
  ['/technical-aids', '/ca/services/technical-aids/'],
  ['/ayudas-tecnicas', '/es/services/technical-aids/'],
  ['/ajudes-tecniques', '/ca/services/technical-aids/'],
  ['/cat', '/ca/'],
] as const;

let site: Awaited<ReturnType<typeof buildInMemory>>;
beforeAll(async () => {
  site = await buildInMemory();
});

/** Runs a page's inline scripts against a fake browser; returns where it sent the visitor. */
function runScripts(path: string, url: string, storage: Record<string, string> | 'throws' = {}) {
  const document = documentOf(site.files, path);
  const parsed = new URL(url, 'https://site.test');
  const calls = {
    replaced: undefined as string | undefined,
    warnings: [] as string[],
    fetched: undefined as string | undefined,
  };
  const context = {
    location: {
      pathname: parsed.pathname,
      search: parsed.search,
      hash: parsed.hash,
      replace: (to: string) => void (calls.replaced = to),
    },
    localStorage: {
      getItem: (key: string) => {
        if (storage === 'throws') throw new Error('denied');
        return storage[key] ?? null;
      },
    },
    console: { warn: (message: string) => calls.warnings.push(message) },
    fetch: (to: string) => {
      calls.fetched = to;
      return new Promise(() => undefined);
    },
    document: {
      querySelector: (selector: string) => ({ href: document.querySelector(selector)?.getAttribute('href') }),
      documentElement: { classList: { add: () => undefined, remove: () => undefined } },
    },
    setTimeout: () => undefined,
    URL,
  };
  // Only classic inline scripts run here: data blocks and modules are not redirect logic.
  for (const script of document.querySelectorAll('script:not([src]):not([type])'))
    runInNewContext(script.textContent ?? '', context);
  return calls;
}

describe('redirect stubs', () => {
  it.each(legacy)('sends %s to %s without JavaScript and with it', (from, to) => {
    const document = documentOf(site.files, `${from.slice(1)}/index.html`);
    expect(document.querySelector('meta[http-equiv=refresh]')?.getAttribute('content')).toBe(`0; url=${to}`);
    expect(document.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
    expect(document.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(`https://www.example.com${to}`);
    expect(document.querySelector('body a')?.getAttribute('href')).toBe(to);
    expect(runScripts(`${from.slice(1)}/index.html`, `${from}/#top`).replaced).toBe(`${to}#top`);
  });

  it('sends the root to the saved language, or to Catalan without a valid one', () => {
    expect(runScripts('index.html', '/').replaced).toBe('/ca/');
    expect(runScripts('index.html', '/', { language: 'en' }).replaced).toBe('/en/');
    expect(runScripts('index.html', '/', { language: 'xx' }).replaced).toBe('/ca/');
    expect(runScripts('index.html', '/', 'throws').replaced).toBe('/ca/');
    // A saved value in other letters is the same language, as the hosts read the cookie.
    expect(runScripts('index.html', '/', { language: 'EN' }).replaced).toBe('/en/');
    expect(runScripts('about/index.html', '/about', { language: 'Es' }).replaced).toBe('/es/about/');
    expect(runScripts('404.html', '/services/hearing-test', { language: 'eN' }).replaced).toBe(
      '/en/services/hearing-test/',
    );
    const noscript = documentOf(site.files, 'index.html').querySelector('noscript')?.innerHTML;
    expect(noscript).toContain('http-equiv="refresh"');
    expect(noscript).toContain('url=/ca/');
  });

  it('sends /cat/?noredirect=ca-ES to the Catalan home, keeping the query as every redirect does', () => {
    expect(runScripts('cat/index.html', '/cat/?noredirect=ca-ES').replaced).toBe('/ca/?noredirect=ca-ES');
  });

  it('sends unprefixed page paths to the same page in the saved language, keeping query and hash', () => {
    expect(runScripts('services/orto-k/index.html', '/services/orto-k?a=1#faq', { language: 'es' }).replaced).toBe(
      '/es/services/orto-k/?a=1#faq',
    );
    expect(runScripts('about/index.html', '/about/').replaced).toBe('/ca/about/');
    expect(runScripts('legal/privacy-policy/index.html', '/legal/privacy-policy', { language: 'en' }).replaced).toBe(
      '/en/legal/privacy-policy/',
    );
    expect(
      runScripts('products/oticon-models/real/index.html', '/products/oticon-models/real', { language: 'en' }).replaced,
    ).toBe('/en/products/oticon-models/real/');
  });

  it('sends the unprefixed folders, with and without slash, to their page in the saved language', () => {
    for (const folder of ['services', 'products', 'legal']) {
      expect(site.site.redirects, folder).toContainEqual(
        expect.objectContaining({ from: `/${folder}`, to: `/ca/${folder}/`, kind: 'language' }),
      );
      for (const path of [`/${folder}`, `/${folder}/`]) {
        expect(runScripts(`${folder}/index.html`, path, { language: 'en' }).replaced, path).toBe(`/en/${folder}/`);
        expect(runScripts('404.html', `${path}?a=1#b`, { language: 'es' }).replaced, path).toBe(`/es/${folder}/?a=1#b`);
      }
      expect(runScripts(`${folder}/index.html`, `/${folder}/`).replaced, folder).toBe(`/ca/${folder}/`);
    }
  });

  it('lists every redirect once in one table: 302 where the target is the visitor’s language, 301 for fixed ones', () => {
    const froms = site.site.redirects.map((redirect) => redirect.from);
    expect(new Set(froms).size).toBe(froms.length);
    for (const redirect of site.site.redirects)
      expect(redirect.status, redirect.from).toBe(redirect.kind === 'language' ? 302 : 301);
    expect(
      site.site.redirects.filter((redirect) => redirect.kind === 'language').map((redirect) => redirect.from),
    ).toContain('/');
    for (const [from, to] of legacy)
      expect(site.site.redirects).toContainEqual({ from, to, kind: 'fixed', status: 301 });
  });
});

describe('the root 404 page', () => {
  it('is the Catalan 404 page, not indexed', () => {
    const document = documentOf(site.files, '404.html');
    expect(document.documentElement.getAttribute('lang')).toBe('ca');
    expect(document.querySelector('h1')?.textContent).toBe('Pàgina no trobada');
    expect(document.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
  });

  it('replaces an unsupported language segment by ca, keeping path, query and hash, with a warning', () => {
    const calls = runScripts('404.html', '/de/services/orto-k?x=1#faq');
    expect(calls.replaced).toBe('/ca/services/orto-k/?x=1#faq');
    expect(calls.warnings.join()).toMatch(/Unsupported language "de"/);
    expect(runScripts('404.html', '/fr-FR/').replaced).toBe('/ca/');
  });

  it('sends a language prefix in other letters to the language, keeping path, query and hash, without a warning', () => {
    for (const [from, to] of [
      ['/EN/about/?x=1#faq', '/en/about/?x=1#faq'],
      ['/Es/services/orto-k', '/es/services/orto-k/'],
      ['/cA', '/ca/'],
      ['/EN/index.html', '/en/'],
    ]) {
      const calls = runScripts('404.html', from!);
      expect(calls.replaced, from).toBe(to);
      expect(calls.warnings, from).toEqual([]);
    }
  });

  it('applies the legacy redirects, /cat and unprefixed page paths', () => {
    expect(runScripts('404.html', '/ayudas-tecnicas').replaced).toBe('/es/services/technical-aids/');
    expect(runScripts('404.html', '/cat').replaced).toBe('/ca/');
    expect(runScripts('404.html', '/services/hearing-test', { language: 'en' }).replaced).toBe(
      '/en/services/hearing-test/',
    );
  });

  it('shows the 404 page of the language in the path, and the Catalan one otherwise', () => {
    expect(runScripts('404.html', '/en/no-such-page/').fetched).toBe('/en/404.html');
    expect(runScripts('404.html', '/es/services/nothing').fetched).toBe('/es/404.html');
    const unknownRoot = runScripts('404.html', '/no-such-page');
    expect(unknownRoot.replaced).toBeUndefined();
    expect(unknownRoot.fetched).toBeUndefined();
    const catalan = runScripts('404.html', '/ca/nothing/');
    expect([catalan.replaced, catalan.fetched]).toEqual([undefined, undefined]);
  });
});
