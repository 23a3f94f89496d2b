import type { PageProps } from '../../cli/types.ts';
import { AdvertisingAuthorisation } from '../components/AdvertisingAuthorisation.tsx';
import { AppointmentLink } from '../components/AppointmentLink.tsx';
import { WithCreditMarkers } from '../components/CreditMarker.tsx';
import { CREDIT_EXAMPLE_ID, CREDIT_MARKER, creditExampleText } from '../format.ts';
import { useLanguage } from '../i18n.tsx';
import { languageOf } from '../site-pages.ts';
import { ContentPage } from './ContentPage.tsx';

/**
 * A service page: its photo if it has one, its key facts beside a first booking link, its text
 * (numbered lists read as steps), then the booking link once more. The text's own last section
 * invites the reader to book (docs/behaviour.md#content), so the button follows it with no
 * heading or box of its own to say the same again. A monthly price among the facts links to the
 * representative example of its credit, printed in the box itself so both share the screen, and
 * the box gives the authorisation to advertise medical devices when the settings hold one.
 */
export function ServicePage(props: PageProps) {
  const { locale, t, pick } = useLanguage();
  const { appointment, facts } = props.route.entry!;
  const { financing, health } = props.settings;
  const isFinanced = facts?.some((fact) => fact.value.includes(CREDIT_MARKER));
  const lead = facts && (
    <aside className="key-facts" aria-labelledby="facts-heading">
      <h2 id="facts-heading">{t('service.factsHeading')}</h2>
      <dl lang={languageOf(props.route)}>
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>
              <WithCreditMarkers text={fact.value} />
            </dd>
          </div>
        ))}
      </dl>
      {isFinanced && financing && (
        <p className="credit-example" id={CREDIT_EXAMPLE_ID}>
          <span aria-hidden="true">* </span>
          {creditExampleText(locale, t, pick, financing)}
        </p>
      )}
      <AdvertisingAuthorisation health={health} />
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
