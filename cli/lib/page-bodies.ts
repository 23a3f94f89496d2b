import type { BuildError } from '../errors.ts';
import { contentHash } from './hash.ts';
import { renderMarkdown, textTable, type GeneratedBlocks } from './markdown.ts';
import type { MarkdownCache } from './markdown-cache.ts';
import { useResponsiveImages } from './responsive-image.ts';
import { LOCALES, type Content, type ImageManifest, type Locale, type Route, type Translate } from '../types.ts';

/** Renders page bodies; `used` holds every entry this build rendered or reused: the next build's cache. */
export interface BodyRenderer {
  render(route: Route): Promise<string>;
  readonly used: ReadonlyMap<string, string>;
}

/**
 * Page bodies as HTML, reusing the markdown an earlier build rendered from the same inputs:
 * the text, its file and line, and everything a body can depend on in its language (settings
 * for placeholders, the site's addresses for links, the storage list and texts for tables).
 * Problems go to `errors`; a body with problems is not cached.
 */
export function createBodyRenderer(
  input: { readonly content: Content; readonly routes: readonly Route[]; readonly markdownCache: MarkdownCache; readonly images: ImageManifest },
  translators: Readonly<Record<Locale, Translate>>,
  errors: BuildError[],
): BodyRenderer {
  const { content, routes, markdownCache, images } = input;
  const used = new Map<string, string>();
  const existing = new Set([...routes.map((route) => route.url), ...[...content.publicFiles, ...content.images].map((file) => `/${file.path}`)]);
  const shared = JSON.stringify([content.settings, [...existing].sort(), content.collections.storage, content.ui.ca, images]);
  const contextHashes = Object.fromEntries(LOCALES.map((locale) => [locale, contentHash(`${shared}\0${JSON.stringify(content.ui[locale])}`)])) as Record<Locale, string>;

  async function render(route: Route): Promise<string> {
    const source = route.model
      ? { markdown: route.model.body[route.locale] ?? route.model.body.ca, file: 'content/collections/oticon-models.yaml', line: 1 }
      : { markdown: route.entry?.body ?? '', file: route.entry?.file ?? '', line: route.entry?.bodyLine ?? 1 };
    const key = contentHash(`${contextHashes[route.locale]}\0${route.locale}\0${source.file}:${source.line}\0${source.markdown}`);
    const cached = used.get(key) ?? markdownCache.get(key);
    if (cached !== undefined) {
      used.set(key, cached);
      return cached;
    }
    const errorCount = errors.length;
    const markdownHtml = await renderMarkdown(source.markdown, {
      locale: route.locale,
      file: source.file,
      line: source.line,
      lookup: (path) => lookupSetting(content.settings, path),
      exists: (url) => existing.has(url),
      blocks: generatedBlocks(content, route.locale, translators[route.locale]),
    }, errors);
    const html = useResponsiveImages(markdownHtml, images);
    if (errors.length === errorCount) used.set(key, html);
    return html;
  }
  return { render, used };
}

/** A setting by dotted path, when it is text or a number: `contact.email`. */
function lookupSetting(settings: Content['settings'], path: string): string | undefined {
  const value = path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), settings);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** `{{cookie-table}}`: every cookie and storage key the site sets, from the list the consent widget uses. */
function generatedBlocks(content: Content, locale: Locale, t: Translate): GeneratedBlocks {
  return {
    'cookie-table': () =>
      textTable(
        [t('storage.name'), t('storage.kind'), t('storage.category'), t('storage.purpose'), t('storage.owner'), t('storage.retention')],
        content.collections.storage.map((item) => [
          item.name, item.kind, t(`cookie.${item.category}`), item.purpose[locale] ?? item.purpose.ca, item.owner, item.retention[locale] ?? item.retention.ca,
        ]),
      ),
  };
}
