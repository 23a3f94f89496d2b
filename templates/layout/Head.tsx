import type { Locale, PageProps } from '../../cli/types.ts';
import { JsonLd } from '../components/JsonLd.tsx';
import { searchTitle } from '../seo/search-title.ts';
import { useLanguage } from '../i18n.tsx';

/**
 * Marks the page as scripted before it is first painted, so the phone top bar is laid out
 * collapsed from the start instead of shifting when its script runs; should the menu script
 * not arrive within 3 s, the mark goes and the full navigation shows again, until the script,
 * however late, puts the mark back (widgets/topbar).
 */
const SCRIPTED_MARK =
  "document.documentElement.classList.add('js');setTimeout(function(){if(!document.querySelector('.topbar--enhanced'))document.documentElement.classList.remove('js')},3000)";
const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: { and: [{ href_matches: '/*' }, { not: { selector_matches: '[target=_blank]' } }] },
      eagerness: 'moderate',
    },
  ],
});

/**
 * The document head: title, description, canonical, language alternates and sharing tags. The
 * title, the description and the keywords carry their language when it is not the page's.
 */
export function Head({
  route,
  settings,
  languages,
  assets,
  title,
  titleLanguage,
  description,
  descriptionLanguage,
  keywords,
  keywordsLanguage,
  script,
  structuredData,
}: Pick<PageProps, 'route' | 'settings' | 'languages' | 'assets'> & {
  title: string;
  titleLanguage?: Locale;
  description: string;
  descriptionLanguage?: Locale;
  keywords: readonly string[];
  keywordsLanguage?: Locale;
  script?: string;
  structuredData: readonly object[];
}) {
  const { locale, t } = useLanguage();
  const [defaultLanguage] = languages as [PageProps['languages'][number]];
  const ogLocale = languages.find((language) => language.code === locale)?.ogLocale;
  const image = assets.socialImage;
  const absolute = (url: string) => `${settings.baseUrl}${url}`;
  const fullTitle = searchTitle(route.id, title, settings.name);
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <script dangerouslySetInnerHTML={{ __html: SCRIPTED_MARK }} />
      {script && <script dangerouslySetInnerHTML={{ __html: script }} />}
      <title lang={titleLanguage}>{fullTitle}</title>
      <meta name="description" content={description} lang={descriptionLanguage} />
      {keywords.length > 0 && <meta name="keywords" content={keywords.join(', ')} lang={keywordsLanguage} />}
      {route.isIndexable ? (
        <link rel="canonical" href={absolute(route.url)} />
      ) : (
        <meta name="robots" content="noindex" />
      )}
      {route.isIndexable &&
        Object.entries(route.alternates).map(([locale, url]) => (
          <link key={locale} rel="alternate" hrefLang={locale} href={absolute(url)} />
        ))}
      {route.isIndexable && (
        <link rel="alternate" hrefLang="x-default" href={absolute(route.alternates[defaultLanguage.code]!)} />
      )}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={settings.name} />
      <meta property="og:title" content={fullTitle} lang={titleLanguage} />
      <meta property="og:description" content={description} lang={descriptionLanguage} />
      <meta property="og:url" content={absolute(route.url)} />
      {ogLocale && <meta property="og:locale" content={ogLocale} />}
      {image && <meta property="og:image" content={absolute(image.url)} />}
      {image && <meta property="og:image:width" content={String(image.width)} />}
      {image && <meta property="og:image:height" content={String(image.height)} />}
      {image && <meta property="og:image:alt" content={t('meta.socialImageAlt')} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {assets.favicon && <link rel="icon" href={assets.favicon} type="image/svg+xml" />}
      {assets.touchIcon && <link rel="apple-touch-icon" href={assets.touchIcon.url} />}
      {/* Fonts start downloading with the stylesheet, not after it, so text rarely shows in the fallback face. */}
      {assets.fonts.map((font) => (
        <link key={font} rel="preload" href={font} as="font" type="font/woff2" crossOrigin="anonymous" />
      ))}
      <link rel="stylesheet" href={assets.stylesheet} />
      {/* Prefetch same-site pages when a link is hovered or pressed (docs/behaviour.md#routes); browsers without speculation rules ignore it. */}
      <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
      {structuredData.map((data, index) => (
        <JsonLd key={index} data={data} />
      ))}
    </head>
  );
}
