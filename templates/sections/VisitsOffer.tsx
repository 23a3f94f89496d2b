import type { PageRef, Settings } from '../../cli/types.ts';
import { AppointmentLink } from '../components/AppointmentLink.tsx';
import { formatPrice } from '../format.ts';
import { useLanguage } from '../i18n.tsx';
import { labelOf, languageOf } from '../site-pages.ts';

/**
 * The hero's offer (docs/behaviour.md#home-page): the two first visits a newcomer books, each
 * with what it is (its service card's sentence), how long it takes and what it costs, from the
 * settings, and its own booking button for that length of visit.
 */
export function VisitsOffer({
  settings,
  visits,
}: {
  settings: Settings;
  visits: readonly { page: PageRef; description: string; visit: Settings['visits']['eyeExam'] }[];
}) {
  const { locale, t } = useLanguage();
  return (
    <ul className="visits">
      {visits.map(({ page, description, visit }) => (
        <li key={page.id} className="visit">
          <h2 className="visit__name" lang={languageOf(page)}>
            <a href={page.url}>{labelOf(page)}</a>
          </h2>
          <p className="visit__what">{description}</p>
          <p className="visit__facts">
            {t('hero.visitFacts', { minutes: String(visit.minutes), price: formatPrice(locale, visit.price) })}
          </p>
          <AppointmentLink settings={settings} duration={visit.minutes} context={labelOf(page)} />
        </li>
      ))}
    </ul>
  );
}
