import { DEFAULT_LOCALE, LOCALES } from '../../cli/types.ts';

/** JSON safe to place inside a <script>: `<` is escaped so no text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Reads the visitor's saved language (decision 5) into `l`, ignoring invalid or unreadable storage. */
const savedLanguage = `var l;try{l=localStorage.getItem('language')}catch(e){}if(${scriptJson(LOCALES)}.indexOf(l)<0)l=${scriptJson(DEFAULT_LOCALE)};`;

/**
 * The stub's target, read from its canonical link: every stub then runs the same script, so
 * the Content-Security-Policy allows two hashes rather than one per old address.
 */
const target = `new URL(document.querySelector('link[rel=canonical]').href).pathname`;

/** Sends the visitor to the stub's fixed target, keeping the fragment. */
export const fixedRedirectScript = `location.replace(${target}+location.hash)`;

/** Sends the visitor to the stub's target in their saved language, keeping query and fragment (decisions 3, 5). */
export const languageRedirectScript = `${savedLanguage}location.replace(${target}.replace(/^\\/${DEFAULT_LOCALE}\\//,'/'+l+'/')+location.search+location.hash)`;

/**
 * The rules of /404.html (decision 8), for hosts that serve one 404 page for every missing path:
 * legacy and `/cat` redirects, an unsupported language segment replaced by ca (decision 4),
 * unprefixed page paths to the saved language (decision 3); otherwise the 404 page of the
 * language in the path replaces this Catalan one.
 */
export function notFoundScript(fixed: Readonly<Record<string, string>>, pageIds: readonly string[]): string {
  return `(function(){${savedLanguage}var L=${scriptJson(LOCALES)},R=${scriptJson(fixed)},P=${scriptJson(pageIds)};
var s=location.pathname.replace(/\\/index\\.html$/,'').replace(/\\/+$/,'')||'/',q=location.search,h=location.hash,seg=s.split('/'),f=seg[1]||'';
if(R[s]){location.replace(R[s]+h);return}
if(L.indexOf(f)<0&&/^[a-z]{2}(-[a-z]{2})?$/i.test(f)){console.warn('Unsupported language "'+f+'" in the address; showing ${DEFAULT_LOCALE}');var rest=seg.slice(2).join('/');location.replace('/${DEFAULT_LOCALE}/'+(rest?rest+'/':'')+q+h);return}
if(L.indexOf(f)<0&&P.indexOf(s.slice(1))>=0){location.replace('/'+l+s+'/'+q+h);return}
if(f!==${scriptJson(DEFAULT_LOCALE)}&&L.indexOf(f)>=0)fetch('/'+f+'/404/').then(function(r){return r.ok?r.text():''}).then(function(html){if(html){document.open();document.write(html);document.close()}})})()`;
}
