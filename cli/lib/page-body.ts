import type { BuildError } from '../errors.ts';
import { renderMarkdown, textTable, type GeneratedBlocks } from './markdown.ts';
import { useResponsiveImages } from './responsive-image.ts';
import type { Collections, ImageManifest, Locale, Localized, Route, Settings, Translate } from '../types.ts';

/** What a page body can depend on besides its own text. */
export interface BodyContext {
  readonly settings: Settings;
  readonly collections: Collections;
  readonly images: ImageManifest;
  /** The site's language codes; the first is the default. */
  readonly languages: readonly Locale[];
}

/**
 * Renders a page's body (its markdown, or a model's description) to HTML: placeholders filled
 * from the settings, internal links resolved and checked through `exists`, content images made
 * responsive, the `{{cookie-table}}` block generated. Problems go to `errors`.
 */
export async function renderBody(
  route: Route,
  context: BodyContext,
  t: Translate,
  exists: (url: string) => boolean,
  errors: BuildError[],
): Promise<string> {
  const pick = (text: Localized) => text[route.locale] ?? text[context.languages[0]!] ?? '';
  const source = route.model
    ? { markdown: pick(route.model.body), file: 'content/collections/oticon-models.yaml', line: 1 }
    : { markdown: route.entry?.body ?? '', file: route.entry?.file ?? '', line: route.entry?.bodyLine ?? 1 };
  const html = await renderMarkdown(
    source.markdown,
    {
      locale: route.locale,
      languages: context.languages,
      file: source.file,
      line: source.line,
      lookup: (path) => lookupSetting(context.settings, path),
      exists,
      blocks: generatedBlocks(context.collections, t, pick),
    },
    errors,
  );
  return useResponsiveImages(html, context.images);
}

/** A setting by dotted path, when it is text or a number: `contact.email`. */
function lookupSetting(settings: Settings, path: string): string | undefined {
  const value = path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      settings,
    );
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** `{{cookie-table}}`: every cookie and storage key the site sets, from the list the consent widget uses. */
function generatedBlocks(collections: Collections, t: Translate, pick: (text: Localized) => string): GeneratedBlocks {
  return {
    'cookie-table': () =>
      textTable(
        [
          t('storage.name'),
          t('storage.kind'),
          t('storage.category'),
          t('storage.purpose'),
          t('storage.owner'),
          t('storage.retention'),
        ],
        collections.storage.map((item) => [
          item.name,
          item.kind,
          t(`cookie.${item.category}`),
          pick(item.purpose),
          item.owner,
          pick(item.retention),
        ]),
      ),
  };
}
