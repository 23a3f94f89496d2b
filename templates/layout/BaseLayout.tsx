import type { ReactNode } from 'react';
import type { PageProps } from '../../cli/types.ts';
import { ChatButton } from '../components/ChatButton.tsx';
import { consentVersion, CookieConsent } from '../components/CookieConsent.tsx';
import { asksConsent, languageCookiesWith } from '../consent.ts';
import { Island } from '../components/Island.tsx';
import { Newsletter } from '../components/Newsletter.tsx';
import { Shared } from '../components/Shared.tsx';
import { useLanguage } from '../i18n.tsx';
import { Footer } from './Footer.tsx';
import { Head } from './Head.tsx';
import { breadcrumbData } from '../seo/structured-data.ts';
import { Header } from './Header.tsx';
import { languageOf } from '../site-pages.ts';

/** What a page adds to its frame: its title and description when not its entry's, its trail, its structured data. */
interface FrameProps {
  children: ReactNode;
  title?: string;
  description?: string;
  /** The breadcrumb trail of an inner page, also given to search engines as a BreadcrumbList. */
  trail?: readonly { label: string; url: string }[];
  structuredData?: object;
}

/**
 * Every page's frame (docs/behaviour.md#page-frame): top bar, the page, the newsletter, the footer, the toast
 * area and the floating chat button. `title` and `description` default to the page's own, in
 * its entry's language: another language's, marked as such, on a page its language lacks.
 */
export function BaseLayout(props: PageProps & FrameProps) {
  const { locale, t } = useLanguage();
  const { route, children } = props;
  const title = props.title ?? route.entry?.title ?? '';
  const description = props.description ?? route.entry?.description ?? '';
  const entryLanguage = languageOf(route);
  const version = consentVersion(props.collections.storage, props.settings);
  const languageCookies = languageCookiesWith(props.collections.storage, props.settings);
  return (
    <html lang={locale}>
      <Head
        route={route}
        settings={props.settings}
        languages={props.languages}
        assets={props.assets}
        title={title}
        titleLanguage={props.title === undefined ? entryLanguage : undefined}
        description={description}
        descriptionLanguage={props.description === undefined ? entryLanguage : undefined}
        keywords={route.entry?.keywords ?? []}
        keywordsLanguage={entryLanguage}
        script={props.headScript}
        structuredData={[
          ...(props.structuredData ? [props.structuredData] : []),
          ...(props.trail && route.isIndexable ? [breadcrumbData(props.trail, props.settings.baseUrl)] : []),
        ]}
      />
      <body>
        <a className="skip-link" href="#main">
          {t('nav.skip')}
        </a>
        {asksConsent(props.settings) && (
          <Shared name="consent">
            <CookieConsent
              settings={props.settings}
              storage={props.collections.storage}
              version={version}
              policyUrl={props.pages.find(locale, 'legal/cookies-policy').url}
            />
          </Shared>
        )}
        <Header
          route={route}
          settings={props.settings}
          languages={props.languages}
          favicon={props.assets.favicon}
          languageCookies={languageCookies}
        />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Shared name="page-end">
          <Newsletter settings={props.settings} pages={props.pages} />
          <Footer
            pages={props.pages}
            settings={props.settings}
            services={props.collections.services}
            buildYear={props.buildYear}
          />
          <div
            className="toasts"
            role="status"
            aria-live="polite"
            aria-atomic="true"
            data-toasts=""
            data-close-label={t('toast.close')}
          />
          <ChatButton settings={props.settings} />
        </Shared>
        <Island
          name="page"
          load="load"
          props={{ language: locale, notFound: route.template === 'not-found', cookies: languageCookies }}
        />
        {props.settings.analyticsId && (
          <Island
            name="analytics"
            load="load"
            props={{ id: props.settings.analyticsId, language: locale, consentVersion: version }}
          />
        )}
      </body>
    </html>
  );
}
