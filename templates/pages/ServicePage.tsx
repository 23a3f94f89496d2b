import type { PageProps } from '../../cli/types.ts';
import { AppointmentLink } from '../components/AppointmentLink.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { useLanguage } from '../i18n.tsx';
import { BaseLayout } from '../layout/BaseLayout.tsx';
import { trailOf } from '../site-pages.ts';

/** A service page: its text, then the booking call to action with the visit's duration. */
export function ServicePage(props: PageProps) {
  const { t } = useLanguage();
  const { route, routes, settings, bodyHtml } = props;
  const entry = route.entry!;
  const trail = trailOf(routes, route);
  return (
    <BaseLayout {...props} trail={trail}>
      <article className="page">
        <PageHeading trail={trail} title={entry.title} />
        <div className="prose" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        <aside className="booking-cta" aria-labelledby="booking-heading">
          <h2 id="booking-heading">{t('service.bookHeading')}</h2>
          <p>{t('service.bookText')}</p>
          <AppointmentLink settings={settings} duration={entry.appointment?.duration} subject={entry.appointment?.subject} />
        </aside>
      </article>
    </BaseLayout>
  );
}
