import type { Settings } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';

/**
 * Where products are advertised (the home page's products, the product and service pages): the
 * reference of the authorisation to advertise medical devices to the public, when the settings
 * give one (content/README.md, "Legal settings"); nothing otherwise.
 */
export function AdvertisingAuthorisation({ health }: { health: Settings['health'] }) {
  const { t } = useLanguage();
  if (!health.advertisingAuthorisation) return null;
  return (
    <p className="advertising-authorisation">
      {t('advertising.authorisation', { reference: health.advertisingAuthorisation })}
    </p>
  );
}
