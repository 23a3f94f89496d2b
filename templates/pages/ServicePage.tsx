import type { PageProps } from '../../cli/types.ts';
import { AppointmentLink } from '../components/AppointmentLink.tsx';
import { useLanguage } from '../i18n.tsx';
import { ContentPage } from './ContentPage.tsx';

/** A service page: its text, then the booking call to action with the visit's duration. */
export function ServicePage(props: PageProps) {
  const { t } = useLanguage();
  const appointment = props.route.entry!.appointment;
  return (
    <ContentPage {...props}>
      <aside className="booking-cta" aria-labelledby="booking-heading">
        <h2 id="booking-heading">{t('service.bookHeading')}</h2>
        <p>{t('service.bookText')}</p>
        <AppointmentLink settings={props.settings} duration={appointment?.duration} subject={appointment?.subject} />
      </aside>
    </ContentPage>
  );
}
