import { Fragment } from 'react';
import { CREDIT_EXAMPLE_ID, CREDIT_MARKER } from '../format.ts';
import { useLanguage } from '../i18n.tsx';

/**
 * The asterisk after a monthly price: a link to the representative example of its credit on the
 * same screen (Ley 16/2011, art. 9), which a screen reader announces by what it leads to.
 */
export function CreditMarker() {
  const { t } = useLanguage();
  return (
    <a className="credit-marker" href={`#${CREDIT_EXAMPLE_ID}`} aria-label={t('financing.marker')}>
      *
    </a>
  );
}

/** A text with each `{{credit-marker}}` it writes drawn as the marker. */
export function WithCreditMarkers({ text }: { text: string }) {
  const parts = text.split(CREDIT_MARKER);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <CreditMarker />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
