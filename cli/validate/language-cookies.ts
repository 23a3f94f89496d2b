import { languageCookiesWith } from '../../templates/consent.ts';
import { BuildError } from '../errors.ts';
import type { Collections, Settings } from '../types.ts';
import { LANGUAGE_COOKIES, type LanguageCookie } from '../../widgets/registry.ts';

/**
 * Each host the site lists that sends a visitor to their language by cookie reads one that the
 * pages set only when content/collections/storage.yaml lists it for these settings (so the
 * cookie policy's table and the browser agree): a host whose cookie the table leaves out would
 * send every visitor to the default language. Refused at the table.
 */
export function checkLanguageCookies(settings: Settings, storage: Collections['storage'], errors: BuildError[]): void {
  const set = new Set(languageCookiesWith(storage, settings));
  for (const [cookie, hosts] of Object.entries(LANGUAGE_COOKIES) as [LanguageCookie, readonly string[]][]) {
    const readers = hosts.filter((host) => (settings.hosts as readonly string[]).includes(host));
    if (readers.length === 0 || set.has(cookie)) continue;
    errors.push(
      new BuildError(
        'ConsentMismatch',
        `${readers.join(', ')} ${readers.length === 1 ? 'reads' : 'read'} the cookie "${cookie}" to open the visitor's language, but the table does not list it for these settings: add it (kind: cookie, onlyWith: { hosts: [${hosts.join(', ')}] })`,
        { file: 'content/collections/storage.yaml' },
      ),
    );
  }
}
