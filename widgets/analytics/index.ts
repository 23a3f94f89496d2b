import type { WidgetProps } from '../registry.ts';
import { allowsAnalytics, readConsent, type ConsentChoice } from '../shared/consent-store.ts';

/** The page view is sent this long after the page loads (docs/behaviour.md#analytics). */
const PAGE_VIEW_DELAY_MS = 500;
const TAG_URL = 'https://www.googletagmanager.com/gtag/js';

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/**
 * Analytics under Consent Mode (docs/behaviour.md#analytics): the queue exists from the start with storage
 * denied, the page view is queued after 500 ms, and the tag's script, the only third-party
 * script the site may load, is fetched once analytics is granted, now or by a stored choice.
 */
export function mount(_el: HTMLElement, { id, language, consentVersion }: WidgetProps['analytics']): void {
  const page = window as DataLayerWindow;
  const dataLayer = (page.dataLayer ??= []);
  // gtag() queues its `arguments` object, which is what the tag reads from dataLayer.
  function gtag(..._args: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params -- the tag reads Arguments objects, not arrays
    dataLayer.push(arguments);
  }
  gtag('consent', 'default', {
    analytics_storage: 'denied',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
  gtag('js', new Date());
  gtag('config', id, { send_page_view: false });
  setTimeout(
    () => gtag('event', 'page_view', { page_path: location.pathname + location.search, language }),
    PAGE_VIEW_DELAY_MS,
  );

  let isLoaded = false;
  const grant = () => {
    gtag('consent', 'update', { analytics_storage: 'granted' });
    if (isLoaded) return;
    isLoaded = true;
    const script = document.createElement('script');
    script.async = true;
    script.src = `${TAG_URL}?id=${encodeURIComponent(id)}`;
    document.head.append(script);
  };
  if (allowsAnalytics(readConsent(consentVersion))) grant();
  window.addEventListener('consentchange', (event) => {
    if (allowsAnalytics((event as CustomEvent<ConsentChoice>).detail)) grant();
  });
}
