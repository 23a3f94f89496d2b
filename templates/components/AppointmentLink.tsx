import type { Settings } from '../../cli/types.ts';
import { useLanguage } from '../i18n.tsx';
import { bookingHref } from '../links.ts';

/**
 * The booking call to action (spec §2): the external scheduling page in a new tab, with the
 * visit's subject and duration; the appointment widget adds its toasts on top of this link.
 */
export function AppointmentLink({ booking, duration, subject, className = 'button button--primary' }: {
  booking: Settings['booking'];
  duration?: number;
  subject?: string;
  className?: string;
}) {
  const { t } = useLanguage();
  const href = bookingHref(booking.url, subject ?? booking.subject, duration ?? booking.duration);
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer" data-appointment="">
      {t('appointment.book')}
      <span className="visually-hidden"> {t('link.newTab')}</span>
    </a>
  );
}
