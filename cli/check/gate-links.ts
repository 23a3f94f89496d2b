import type { GateResult } from './built-site.ts';

/**
 * Every link, image, stylesheet, script and fragment of every page and stub, followed by
 * linkinator on the served site. External links are listed, and fetched only with `external`.
 */
export async function checkLinks(origin: string, urls: readonly string[], external: boolean): Promise<GateResult> {
  const { LinkChecker } = await import('linkinator');
  const checker = new LinkChecker();
  const escapedOrigin = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const result = await checker.check({
    path: urls.map((url) => origin + url),
    recurse: true,
    checkFragments: true,
    concurrency: 16,
    timeout: 15_000,
    linksToSkip: external ? [] : [`^(?!${escapedOrigin})`],
  });
  const broken = result.links.filter((link) => link.state === 'BROKEN');
  const externalLinks = [
    ...new Set(result.links.filter((link) => !link.url.startsWith(origin)).map((link) => link.url)),
  ].sort();
  return {
    gate: 'links',
    checked: result.links.length,
    problems: broken.map((link) => ({
      page: link.parent?.replace(origin, ''),
      message: `${link.url.replace(origin, '')} is broken (${link.status ?? 'no answer'})`,
    })),
    details: { external: externalLinks, externalFetched: external },
  };
}
