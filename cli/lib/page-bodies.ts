import { readFileSync } from 'node:fs';
import { BuildError } from '../errors.ts';
import { contentHash } from './hash.ts';
import { renderMarkdown, textTable, type GeneratedBlocks } from './markdown.ts';
import { useResponsiveImages } from './responsive-image.ts';
import type { Collections, ImageManifest, Locale, PageEntry, Route, Settings, Translate } from '../types.ts';

/** What a page body can depend on besides its own text. */
export interface BodyContext {
  readonly settings: Settings;
  readonly collections: Collections;
  readonly images: ImageManifest;
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
  const source = route.model
    ? {
        markdown: route.model.body[route.locale] ?? route.model.body.ca,
        file: 'content/collections/oticon-models.yaml',
        line: 1,
      }
    : {
        markdown: route.entry ? readBody(route.entry, errors) : '',
        file: route.entry?.file ?? '',
        line: route.entry?.bodyLine ?? 1,
      };
  const html = await renderMarkdown(
    source.markdown,
    {
      locale: route.locale,
      file: source.file,
      line: source.line,
      lookup: (path) => lookupSetting(context.settings, path),
      exists,
      blocks: generatedBlocks(context.collections, route.locale, t),
    },
    errors,
  );
  return useResponsiveImages(html, context.images);
}

/** A page's markdown body, from its file as validation saw it; a file changed since is a problem. */
function readBody(entry: PageEntry, errors: BuildError[]): string {
  let text: string;
  try {
    text = readFileSync(entry.file, 'utf8');
  } catch (cause) {
    errors.push(
      new BuildError('ReadError', `cannot read the file: ${(cause as Error).message}`, { file: entry.file, cause }),
    );
    return '';
  }
  if (contentHash(text) !== entry.sourceHash) {
    errors.push(
      new BuildError('ReadError', 'the file changed while the site was being built', {
        file: entry.file,
        hint: 'Build again once the file is saved.',
      }),
    );
    return '';
  }
  return text.slice(entry.bodyStart);
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
function generatedBlocks(collections: Collections, locale: Locale, t: Translate): GeneratedBlocks {
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
          item.purpose[locale] ?? item.purpose.ca,
          item.owner,
          item.retention[locale] ?? item.retention.ca,
        ]),
      ),
  };
}
