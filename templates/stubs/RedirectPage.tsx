import type { Locale, Redirect } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { fixedRedirectScript, languageRedirectScript } from './redirect-scripts.ts';

/**
 * A redirect stub at an old address (docs/behaviour.md#redirects): noindex, a canonical link to the target,
 * a meta refresh without JavaScript and `location.replace` with it, and a visible link.
 */
export function RedirectPage({
  redirect,
  baseUrl,
  languages,
}: {
  redirect: Redirect;
  baseUrl: string;
  /** The site's language codes; the first is the default. */
  languages: readonly Locale[];
}) {
  const { locale, t } = useLanguage();
  const refresh = <meta httpEquiv="refresh" content={`0; url=${redirect.to}`} />;
  const script = redirect.kind === 'fixed' ? fixedRedirectScript : languageRedirectScript(languages);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <title>{t('redirect.title')}</title>
        <meta name="robots" content="noindex" />
        <link rel="canonical" href={`${baseUrl}${redirect.to}`} />
        <script dangerouslySetInnerHTML={{ __html: script }} />
        {redirect.kind === 'fixed' ? refresh : <noscript>{refresh}</noscript>}
      </head>
      <body>
        <p>{t('redirect.text')}</p>
        <p>
          <a href={redirect.to}>{`${baseUrl}${redirect.to}`}</a>
        </p>
      </body>
    </html>
  );
}
