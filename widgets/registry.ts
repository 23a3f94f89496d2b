/**
 * The islands a template may place on a page, with the props each one receives through
 * `data-props`. Templates and widgets both import these types, so they cannot disagree.
 */
export interface WidgetProps {
  /** Page-wide behaviours: remember the language in the cookies the site's hosts read, reveal on scroll, lazy images. */
  page: { readonly language: string; readonly notFound: boolean; readonly cookies: readonly LanguageCookie[] };
  /** Scrolled state, the phone menu, the language switcher keeping path, query and hash. */
  topbar: { readonly openLabel: string; readonly closeLabel: string; readonly cookies: readonly LanguageCookie[] };
  /** A booking link that opens the scheduling page and says what happened in a toast. */
  appointment: { readonly url: string; readonly opened: Toast; readonly failed: Toast };
  /** The floating chat button and its panel. */
  'chat-button': {
    readonly number: string;
    readonly accountName: string;
    readonly status: string;
    readonly greeting: string;
    readonly placeholder: string;
    readonly message: string;
    readonly send: string;
    readonly close: string;
  };
  /** The consent banner, the preferences dialog and the footer link that reopens it. */
  'cookie-consent': {
    readonly preselect: boolean;
    /** The version of the cookie list a stored choice must have been given for. */
    readonly version: string;
    /**
     * The optional categories the settings turn on, with their name and what they cover: analytics
     * with an analytics id, marketing with a marketing tag. The banner's Accept all grants these.
     */
    readonly categories: readonly {
      readonly category: ConsentCategory;
      readonly name: string;
      readonly text: string;
    }[];
    readonly texts: {
      readonly dialogTitle: string;
      readonly necessary: string;
      readonly necessaryText: string;
      readonly alwaysOn: string;
      readonly save: string;
      readonly close: string;
    };
    readonly storage: readonly { readonly name: string; readonly category: 'necessary' | ConsentCategory }[];
  };
  /** The analytics tag, loaded only after consent (docs/behaviour.md#analytics). */
  analytics: { readonly id: string; readonly language: string; readonly consentVersion: string };
  /** The map: a preview until the visitor asks for the provider's frame. */
  map: { readonly url: string; readonly title: string };
  /** The brand carousel over the server-rendered list of slides. */
  carousel: { readonly previous: string; readonly next: string; readonly label: string; readonly slideLabel: string };
  /** The newsletter form: validation with an inline error, busy state, result toasts. */
  newsletter: {
    readonly endpoint: string;
    readonly busy: string;
    readonly invalid: string;
    readonly success: Toast;
    readonly failure: Toast;
    /** Shown as the e-mail app opens, when no endpoint is configured (ruling 30). */
    readonly mailed: Toast;
  };
  /** Home page: hash scroll, smooth anchors, hero fade-in and placeholder. */
  home: { readonly placeholder: string };
}

/** A cookie category the visitor may accept or refuse. */
export type ConsentCategory = 'analytics' | 'marketing';

/** A notification: title, description, and whether it reports a failure. */
export interface Toast {
  readonly title: string;
  readonly description: string;
  readonly variant?: 'default' | 'destructive';
}

/** A widget's name. */
export type WidgetName = keyof WidgetProps;

/**
 * When a widget's code loads: at once, when the browser is idle, when it scrolls into view,
 * or at the first sign of interaction (pointer over it, focus, touch).
 */
export type LoadStrategy = 'load' | 'idle' | 'visible' | 'interaction';

/**
 * The widgets the loader carries in its own file instead of importing each as a module of its
 * own: the ones pages mount at once. Fetched as seven small files (loader, four widgets, two
 * shared chunks), they competed with the stylesheet and the fonts for a phone's first second,
 * each with a round of response headers bigger than its code; in one file they cost one request.
 * `loader-widgets.ts` imports exactly these, and the build gives each of them the loader's URL.
 */
export const LOADER_WIDGETS = ['page', 'topbar', 'home'] as const satisfies readonly WidgetName[];

/**
 * The first-party cookies that keep the visitor's language for hosts that choose a redirect by
 * cookie (docs/behaviour.md#languages): `language` for nginx, Apache and Vercel, `nf_lang`, the
 * name Netlify's `Language` condition reads. A page saves those the site's hosts read, as
 * content/collections/storage.yaml lists them for its settings.
 */
export const LANGUAGE_COOKIES = { language: ['nginx', 'apache', 'vercel'], nf_lang: ['netlify'] } as const;

/** A cookie that keeps the visitor's language. */
export type LanguageCookie = keyof typeof LANGUAGE_COOKIES;

/** The language cookie a host reads to choose a redirect. */
export function cookieReadBy(host: (typeof LANGUAGE_COOKIES)[LanguageCookie][number]): LanguageCookie {
  return (Object.keys(LANGUAGE_COOKIES) as LanguageCookie[]).find((name) =>
    (LANGUAGE_COOKIES[name] as readonly string[]).includes(host),
  )!;
}

/** A widget the loader carries. */
export type LoaderWidget = (typeof LOADER_WIDGETS)[number];
