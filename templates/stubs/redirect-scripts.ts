import type { Locale } from '../../cli/types.ts';

/** JSON safe to place inside a <script>: `<` is escaped so no text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Reads the visitor's saved language into `l`, in any case (`EN` is English, as the hosts read
 * the cookie), ignoring invalid or unreadable storage; the default (first) language when there
 * is none (docs/behaviour.md#languages).
 */
const savedLanguage = (languages: readonly Locale[]) =>
  `var l;try{l=(localStorage.getItem('language')||'').toLowerCase()}catch(e){}if(${scriptJson(languages)}.indexOf(l)<0)l=${scriptJson(languages[0])};`;

/**
 * The stub's target, read from its canonical link: every stub then runs the same script, so
 * the Content-Security-Policy allows two hashes rather than one per old address.
 */
const target = `new URL(document.querySelector('link[rel=canonical]').href).pathname`;

/** Sends the visitor to the stub's fixed target, keeping query and fragment, as the hosts' 301s do. */
export const fixedRedirectScript = `location.replace(${target}+location.search+location.hash)`;

/**
 * Sends the visitor to the stub's target in their saved language, keeping query and fragment
 * (docs/behaviour.md#redirects). The target is written in the default language.
 */
export const languageRedirectScript = (languages: readonly Locale[]) =>
  `${savedLanguage(languages)}location.replace(${target}.replace(/^\\/${languages[0]}\\//,'/'+l+'/')+location.search+location.hash)`;

/**
 * The rules of /404.html, for hosts that serve one 404 page for every missing path
 * (docs/behaviour.md#404-pages): legacy and `/cat` redirects, a language's code in other
 * letters (`/EN/`) to that language, an unsupported language segment replaced by the default
 * language, unprefixed page paths to the saved language; otherwise the 404 page of the language
 * in the path replaces this one, which is in the default language: fetched as its file
 * (`/en/404.html`), since its address (`/en/404/`) answers 404 on every host.
 */
export function notFoundScript(
  languages: readonly Locale[],
  fixed: Readonly<Record<string, string>>,
  pageIds: readonly string[],
): string {
  const [fallback = ''] = languages;
  return `(function(){${savedLanguage(languages)}var L=${scriptJson(languages)},R=${scriptJson(fixed)},P=${scriptJson(pageIds)};
var s=location.pathname.replace(/\\/index\\.html$/,'').replace(/\\/+$/,'')||'/',q=location.search,h=location.hash,seg=s.split('/'),f=seg[1]||'';
if(R[s]){location.replace(R[s]+q+h);return}
if(L.indexOf(f)<0&&L.indexOf(f.toLowerCase())>=0){location.replace('/'+f.toLowerCase()+s.slice(f.length+1)+'/'+q+h);return}
if(L.indexOf(f)<0&&/^[a-z]{2}(-[a-z]{2})?$/i.test(f)){console.warn('Unsupported language "'+f+'" in the address; showing ${fallback}');var rest=seg.slice(2).join('/');location.replace('/${fallback}/'+(rest?rest+'/':'')+q+h);return}
if(L.indexOf(f)<0&&P.indexOf(s.slice(1))>=0){location.replace('/'+l+s+'/'+q+h);return}
if(f!==${scriptJson(fallback)}&&L.indexOf(f)>=0)fetch('/'+f+'/404.html').then(function(r){return r.ok?r.text():''}).then(function(html){if(html){document.open();document.write(html);document.close()}})})()`;
}
