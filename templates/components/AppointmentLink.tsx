import type { Settings } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { bookingHref } from '../links.ts';
import { Island } from './Island.tsx';

/**
 * The booking call to action (docs/behaviour.md#booking-chat-and-contact): the external scheduling page in a new tab, with the
 * visit's subject and duration. The appointment island adds its toasts; without
 * JavaScript it is the same page as a plain link.
 */
export function AppointmentLink({
  settings,
  duration,
  subject,
  context,
  className = 'button button--primary',
}: {
  settings: Settings;
  duration?: number;
  subject?: string;
  /** What the visit is, read after the button's words where several buttons book different visits. */
  context?: string;
  className?: string;
}) {
  const { t } = useLanguage();
  const href = bookingHref(
    settings.booking.url,
    subject ?? settings.booking.subject,
    duration ?? settings.booking.duration,
  );
  const props = {
    url: href,
    opened: { title: t('appointment.appointmentScheduled'), description: t('appointment.calendarOpened') },
    failed: { title: t('appointment.errorScheduling'), description: t('appointment.tryAgainLater') },
  };
  return (
    <Island name="appointment" load="idle" props={props} as="span">
      <a className={className} href={href} target="_blank" rel="noopener noreferrer">
        {t('appointment.book')}
        <span className="visually-hidden">
          {context && `: ${context}`} {t('link.newTab')}
        </span>
      </a>
    </Island>
  );
}
