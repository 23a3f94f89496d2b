import type { PageProps } from '../../cli/types.ts';
import { AppointmentLink } from '../components/AppointmentLink.tsx';
import { useLanguage } from '../i18n.tsx';
import { ContentPage } from './ContentPage.tsx';

/**
 * A service page: its photo if it has one, its key facts beside a first booking link, its text
 * (numbered lists read as steps), then the booking link once more. The text's own last section
 * invites the reader to book (docs/behaviour.md#content), so the button follows it with no
 * heading or box of its own to say the same again.
 */
export function ServicePage(props: PageProps) {
  const { t } = useLanguage();
  const { appointment, facts } = props.route.entry!;
  const lead = facts && (
    <aside className="key-facts" aria-labelledby="facts-heading">
      <h2 id="facts-heading">{t('service.factsHeading')}</h2>
      <dl>
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <AppointmentLink settings={props.settings} duration={appointment?.duration} subject={appointment?.subject} />
    </aside>
  );
  return (
    <ContentPage {...props} lead={lead}>
      <p className="booking-cta">
        <AppointmentLink settings={props.settings} duration={appointment?.duration} subject={appointment?.subject} />
      </p>
    </ContentPage>
  );
}
