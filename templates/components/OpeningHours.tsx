import type { Settings, UiKey } from '../../cli/types.ts';
import { formatList, groupOpeningHours } from '../format.ts';
import { useLanguage } from '../i18n.tsx';

/**
 * The opening hours as a table of day ranges (docs/behaviour.md#brands-reviews-and-location), Monday first.
 * The table is named by the visible heading above it (`labelledBy`), not by a hidden caption of its
 * own, which a screen reader read out as a second "Opening hours".
 */
export function OpeningHours({ hours, labelledBy }: { hours: Settings['openingHours']; labelledBy: string }) {
  const { locale, t } = useLanguage();
  return (
    <table className="hours" aria-labelledby={labelledBy}>
      <tbody>
        {groupOpeningHours(hours).map((row) => (
          <tr key={row.from}>
            <th scope="row">
              {row.to === row.from
                ? t(`hours.${row.from}` as UiKey)
                : t('hours.days', { from: t(`hours.${row.from}` as UiKey), to: t(`hours.${row.to}` as UiKey) })}
            </th>
            <td>
              {row.slots.length === 0
                ? t('hours.closed')
                : formatList(
                    locale,
                    row.slots.map((slot) => t('hours.range', slot)),
                  )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
