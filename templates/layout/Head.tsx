import type { PageProps } from '../../cli/types.ts';
import { LOCALES, DEFAULT_LOCALE } from '../../cli/types.ts';
import { JsonLd } from '../components/JsonLd.tsx';
import { useLanguage } from '../i18n.tsx';

const ogLocales = { ca: 'ca_ES', es: 'es_ES', en: 'en_US' } as const;
const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ where: { and: [{ href_matches: '/*' }, { not: { selector_matches: '[target=_blank]' } }] }, eagerness: 'moderate' }],
});

/** The document head: title, description, canonical, language alternates and sharing tags. */
export function Head({ route, settings, assets, title, description, keywords, script, structuredData }: Pick<PageProps, 'route' | 'settings' | 'assets'> & {
  title: string;
  description: string;
  keywords: readonly string[];
  script?: string;
  structuredData: readonly object[];
}) {
  const { t } = useLanguage();
  const image = assets.socialImage;
  const absolute = (url: string) => `${settings.baseUrl}${url}`;
  const fullTitle = route.id === '' ? title : `${title} | ${settings.name}`;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {script && <script dangerouslySetInnerHTML={{ __html: script }} />}
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {keywords.length > 0 && <meta name="keywords" content={keywords.join(', ')} />}
      {route.isIndexable ? <link rel="canonical" href={absolute(route.url)} /> : <meta name="robots" content="noindex" />}
      {route.isIndexable &&
        LOCALES.map((locale) => <link key={locale} rel="alternate" hrefLang={locale} href={absolute(route.alternates[locale])} />)}
      {route.isIndexable && <link rel="alternate" hrefLang="x-default" href={absolute(route.alternates[DEFAULT_LOCALE])} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={settings.name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={absolute(route.url)} />
      <meta property="og:locale" content={ogLocales[route.locale]} />
      {image && <meta property="og:image" content={absolute(image.url)} />}
      {image && <meta property="og:image:width" content={String(image.width)} />}
      {image && <meta property="og:image:height" content={String(image.height)} />}
      {image && <meta property="og:image:alt" content={t('meta.socialImageAlt')} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {assets.favicon && <link rel="icon" href={assets.favicon} type="image/svg+xml" />}
      {assets.touchIcon && <link rel="apple-touch-icon" href={assets.touchIcon.url} />}
      <link rel="stylesheet" href={assets.stylesheet} />
      {/* Prefetch same-site pages when a link is hovered or pressed (decision 9); browsers without speculation rules ignore it. */}
      <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
      {structuredData.map((data, index) => <JsonLd key={index} data={data} />)}
    </head>
  );
}
