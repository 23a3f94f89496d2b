import { BuildError } from '../errors.ts';
import type { Paragraph, PhrasingContent, RootContent } from 'mdast';
import { asksConsent, storedWith } from '../../templates/consent.ts';
import { CREDIT_EXAMPLE_ID, CREDIT_MARKER, creditExampleText, formatList, regionOf } from '../../templates/format.ts';
import {
  PLACEHOLDER,
  renderMarkdown,
  textParagraph,
  textTable,
  type GeneratedBlocks,
  type GeneratedInlines,
} from './markdown.ts';
import { placeholderValue, type PlaceholderSources } from './placeholder-values.ts';
import { useResponsiveImages } from './responsive-image.ts';
import type { Collections, ImageManifest, ImageSize, Locale, Localized, Route, Settings, Translate } from '../types.ts';

/** What a page body can depend on besides its own text. */
export interface BodyContext {
  readonly settings: Settings;
  readonly collections: Collections;
  readonly images: ImageManifest;
  /** The size of an image of public/, when it could be read. */
  readonly sizeOf: (url: string) => ImageSize | undefined;
  /** The site's language codes; the first is the default. */
  readonly languages: readonly Locale[];
}

/**
 * Renders a page's body (its markdown, or a model's description) to HTML: placeholders filled
 * from the settings, internal links resolved and checked through `exists`, content images made
 * responsive and those of public/ sized, the generated blocks (`{{cookie-table}}`,
 * `{{professionals}}`, `{{financing-example}}`) filled in. Problems go to `errors`.
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
      lookup: (path) => placeholderValue(path, sourcesOf(context, route.locale, t)),
      exists,
      blocks: generatedBlocks(context, route.locale, t, pick),
      inlines: generatedInlines(t),
      questions: route.template === 'faq',
    },
    errors,
  );
  return useResponsiveImages(html, context.images, context.sizeOf);
}

/** What the placeholders of a page in `locale` are filled from. */
function sourcesOf(context: BodyContext, locale: Locale, t: Translate): PlaceholderSources {
  const { settings, collections, languages } = context;
  return { settings, collections, locale, defaultLocale: languages[0]!, t };
}

/**
 * The route with the placeholders of its page's key facts (`facts` in the front matter) filled,
 * so a visit's length or price is a setting the facts box and the text share. The credit marker
 * stays as it is written: the facts box draws it, beside the example it leads to.
 */
export function withFactsFilled(route: Route, context: BodyContext, t: Translate, errors: BuildError[]): Route {
  const entry = route.entry;
  if (!entry?.facts) return route;
  const sources = sourcesOf(context, route.locale, t);
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (whole, name: string) => {
      if (whole === CREDIT_MARKER) return whole;
      const value = placeholderValue(name, sources);
      if (value === undefined)
        errors.push(new BuildError('UnknownSetting', `facts: unknown placeholder {{${name}}}`, { file: entry.file }));
      return value ?? whole;
    });
  const facts = entry.facts.map((fact) => ({ label: fill(fact.label), value: fill(fact.value) }));
  return { ...route, entry: { ...entry, facts } };
}

/**
 * remark-html's sanitiser writes every id of a page's text with this prefix, so that text can
 * never take an id of the layout: a link into the text names the id as it comes out.
 */
const TEXT_ID_PREFIX = 'user-content-';

/**
 * `{{credit-marker}}`, written right after a monthly price: an asterisk that links to the
 * representative example the page's `{{financing-example}}` shows below it.
 */
function generatedInlines(t: Translate): GeneratedInlines {
  return {
    'credit-marker': () => ({
      type: 'link',
      url: `#${TEXT_ID_PREFIX}${CREDIT_EXAMPLE_ID}`,
      children: [{ type: 'text', value: '*' }],
      data: { hProperties: { ariaLabel: t('financing.marker') } },
    }),
  };
}

/** A heading of plain text. */
function heading(depth: 2 | 3, value: string): RootContent {
  return { type: 'heading', depth, children: [{ type: 'text', value }] };
}

/** A paragraph of a translated sentence with a link where the sentence writes `{link}`. */
function paragraphWithLink(sentence: string, url: string): Paragraph {
  const [before = '', after = ''] = sentence.split('{link}');
  const children: PhrasingContent[] = [
    { type: 'text', value: before },
    { type: 'link', url, children: [{ type: 'text', value: url }] },
    { type: 'text', value: after },
  ];
  return { type: 'paragraph', children: children.filter((child) => child.type !== 'text' || child.value) };
}

/**
 * The blocks a page can ask for: `{{cookie-table}}`, what the site really stores for these
 * settings; `{{professionals}}`, who examines and fits, with their college numbers, and
 * `{{professional-rules}}`, where their rules can be read (legal notice); `{{financing-example}}`,
 * the representative example of the credit behind a monthly price; `{{data-protection-officer}}`,
 * `{{analytics-processing}}` (the statistics, only with an analytics id) and
 * `{{international-transfers}}` (who may send data outside the European Economic Area: the chat,
 * the map, the statistics, the hosting provider) in the privacy policy; `{{consumer-arbitration}}`
 * (terms); in the cookie policy, `{{consent-categories}}`, a section for each optional cookie
 * category the settings turn on (analytics with an analytics id, marketing with a marketing tag),
 * and `{{consent-choice}}`, how to give and withdraw consent, or why none is asked. The optional
 * settings' blocks show nothing while the setting is not given.
 */
function generatedBlocks(
  { collections, settings }: BodyContext,
  locale: Locale,
  t: Translate,
  pick: (text: Localized) => string,
): GeneratedBlocks {
  const stored = storedWith(collections.storage, settings);
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
        settings.health.professionals.map((person) =>
          person.profession === 'optician-optometrist'
            ? [
                person.name,
                t(person.feminine ? 'profession.optician-optometrist-feminine' : 'profession.optician-optometrist'),
                person.college,
                person.number,
              ]
            : [person.name, t('profession.hearing-aid-technician'), t('professionals.noCollege'), ''],
        ),
      ),
    'professional-rules': () => {
      const url = settings.health.professionalRules;
      return url ? paragraphWithLink(t('professionals.rules'), url) : undefined;
    },
    'financing-example': () => ({
      ...textParagraph(settings.financing ? `* ${creditExampleText(locale, t, pick, settings.financing)}` : ''),
      data: { hProperties: { id: CREDIT_EXAMPLE_ID } },
    }),
    'data-protection-officer': () => {
      const officer = settings.dataProtection.officer;
      const sentence = officer?.feminine ? 'privacy.officerFeminine' : 'privacy.officer';
      return officer && textParagraph(t(sentence, { name: officer.name, email: officer.email }));
    },
    'consent-categories': () =>
      (['analytics', 'marketing'] as const)
        .filter((category) => (category === 'analytics' ? settings.analyticsId : settings.marketingTag) !== '')
        .flatMap((category): RootContent[] => [
          { type: 'heading', depth: 3, children: [{ type: 'text', value: t(`cookie.${category}PolicyTitle`) }] },
          textParagraph(t(`cookie.${category}Policy`)),
        ]),
    'consent-choice': () =>
      asksConsent(settings)
        ? [
            heading(2, t('cookie.policyChoiceTitle')),
            textParagraph(t('cookie.policyChoice', { settings: t('cookie.settings') })),
          ]
        : [heading(2, t('cookie.policyNoChoiceTitle')), textParagraph(t('cookie.policyNoChoice'))],
    'analytics-processing': () =>
      settings.analyticsId
        ? [heading(3, t('privacy.analyticsTitle')), textParagraph(t('privacy.analytics'))]
        : undefined,
    'international-transfers': () => {
      const recipients = [
        t('privacy.transferChat'),
        t('privacy.transferMap', { provider: settings.mapProvider }),
        ...(settings.analyticsId ? [t('privacy.transferAnalytics')] : []),
        ...(settings.hosting.location === 'outside-eea'
          ? [t('privacy.transferHosting', { provider: settings.hosting.provider })]
          : []),
      ];
      const region = regionOf(settings.languages, locale);
      return textParagraph(t('privacy.transfers', { recipients: formatList(region, recipients) }));
    },
    'consumer-arbitration': () =>
      textParagraph(
        settings.consumerArbitration
          ? t('complaints.arbitration', { board: settings.consumerArbitration })
          : t('complaints.noArbitration'),
      ),
  };
}
