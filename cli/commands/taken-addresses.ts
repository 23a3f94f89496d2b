import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BuildError } from '../errors.ts';
import { pageUrl } from '../lib/url.ts';
import { parseYaml } from '../lib/yaml-lines.ts';

const REDIRECTS = 'content/redirects.yaml';

/**
 * Refuses a new page whose address another source of the site makes already, as the build
 * would (cli/stages/route.ts, docs/behaviour.md#redirects): in any language, a page's file
 * (`<id>.md` or `<id>/index.md`), or an old address content/redirects.yaml moves, the page's
 * own or, in a section without a language prefix, the one without its language. The error
 * stands at the file (and line) that holds the address, so it says what to edit instead.
 */
export async function refuseTakenAddress(
  contentDir: string,
  languages: readonly string[],
  id: string,
  what: string,
): Promise<void> {
  const hint = (instead: string) => `Pick another slug for the new ${what}, or ${instead}.`;
  for (const code of languages) {
    const url = pageUrl(code, id);
    for (const path of [`${code}/${id}.md`, `${code}/${id}/index.md`]) {
      if (!existsSync(join(contentDir, path))) continue;
      const file = `content/${path}`;
      throw new BuildError('DuplicateRoute', `this page is at ${url}, the address the new ${what} would have`, {
        file,
        hint: hint(`edit ${file} if it is the page you meant`),
      });
    }
  }
  const redirects = await readRedirects(contentDir);
  if (!redirects) return;
  const { rules, unprefixed, source } = redirects;
  const withoutLanguage = unprefixed.includes(id.split('/')[0]!) ? `/${id}` : undefined;
  for (const [index, rule] of rules.entries()) {
    const from = rule.from.replace(/\/+$/, '');
    const code = languages.find((language) => from === `/${language}/${id}`);
    if (code === undefined && from !== withoutLanguage) continue;
    const message =
      code === undefined
        ? `${from} is an old address that this line redirects to ${rule.to}; the new ${what} would take it too, since its section's addresses without a language lead to the page in the visitor's language`
        : `${pageUrl(code, id)}, the address the new ${what} would have, is an old address that this line redirects to ${rule.to}`;
    throw new BuildError('DuplicateRoute', message, {
      file: REDIRECTS,
      ...source.positionOf(['moved', index, 'from']),
      hint: hint('remove this redirect first if the old address is to be the page'),
    });
  }
}

/** content/redirects.yaml's old addresses and unprefixed sections; undefined when the file is missing or malformed, which the build reports. */
async function readRedirects(contentDir: string) {
  const text = await readFile(join(contentDir, 'redirects.yaml'), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  let source: ReturnType<typeof parseYaml>;
  try {
    source = parseYaml(text, REDIRECTS);
  } catch {
    return undefined;
  }
  const data = source.data as { unprefixed?: unknown; moved?: unknown } | null;
  const moved = Array.isArray(data?.moved) ? (data.moved as unknown[]) : [];
  const rules = moved.map((rule) => {
    const { from, to } = (rule ?? {}) as { from?: unknown; to?: unknown };
    return { from: typeof from === 'string' ? from : '', to: typeof to === 'string' ? to : '' };
  });
  const unprefixed = Array.isArray(data?.unprefixed) ? (data.unprefixed as unknown[]).map(String) : [];
  return { rules, unprefixed, source };
}
