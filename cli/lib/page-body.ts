import { BuildError } from '../errors.ts';
import { creditExampleText } from '../../templates/format.ts';
import { PLACEHOLDER, renderMarkdown, textParagraph, textTable, type GeneratedBlocks } from './markdown.ts';
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
 * responsive, the generated blocks (`{{cookie-table}}`, `{{professionals}}`, `{{financing-example}}`)
 * filled in. Problems go to `errors`.
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
      lookup: (path) => lookupSetting(context.settings, path, route.locale),
      exists,
      blocks: generatedBlocks(context, route.locale, t, pick),
    },
    errors,
  );
  return useResponsiveImages(html, context.images);
}

/**
 * The route with the settings written into its page's key facts (`facts` in the front matter),
 * so a visit's length or price is a setting the facts box and the text share.
 */
export function withFactsFilled(route: Route, settings: Settings, errors: BuildError[]): Route {
  const entry = route.entry;
  if (!entry?.facts) return route;
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = lookupSetting(settings, name, route.locale);
      if (value === undefined)
        errors.push(new BuildError('UnknownSetting', `facts: unknown placeholder {{${name}}}`, { file: entry.file }));
      return value ?? whole;
    });
  const facts = entry.facts.map((fact) => ({ label: fill(fact.label), value: fill(fact.value) }));
  return { ...route, entry: { ...entry, facts } };
}

/** A setting by dotted path, when it is text, a number, or a text per language: `contact.email`. */
function lookupSetting(settings: Settings, path: string, locale: Locale): string | undefined {
  const value = path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      settings,
    );
  if (value && typeof value === 'object' && typeof (value as Record<string, unknown>)[locale] === 'string')
    return (value as Record<string, string>)[locale];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/**
 * The blocks a page can ask for: `{{cookie-table}}`, what the site really stores for these
 * settings; `{{professionals}}`, who examines and fits, with their college numbers (legal
 * notice); `{{financing-example}}`, the representative example of the credit behind a monthly price.
 */
function generatedBlocks(
  { collections, settings }: BodyContext,
  locale: Locale,
  t: Translate,
  pick: (text: Localized) => string,
): GeneratedBlocks {
  const stored = collections.storage.filter(
    (item) =>
      (item.category !== 'analytics' || settings.analyticsId !== '') &&
      (item.category !== 'marketing' || settings.marketingTag !== ''),
  );
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
        stored.map((item) => [
          // GA4 names its session cookie after the measurement id without its "G-".
          item.name.replace('<id>', settings.analyticsId.replace(/^G-/, '')),
          t(`storage.kind.${item.kind}`),
          t(`cookie.${item.category}`),
          pick(item.purpose),
          item.owner,
          pick(item.retention),
        ]),
      ),
    professionals: () =>
      textTable(
        [t('professionals.name'), t('professionals.profession'), t('professionals.college'), t('professionals.number')],
        settings.health.professionals.map((person) => [
          person.name,
          t(`profession.${person.profession}`),
          person.college,
          person.number,
        ]),
      ),
    'financing-example': () =>
      textParagraph(settings.financing ? creditExampleText(locale, t, settings.financing) : ''),
  };
}
