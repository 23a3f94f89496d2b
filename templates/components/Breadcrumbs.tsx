import { useLanguage } from '../i18n.tsx';
import type { TrailItem } from '../site-pages.ts';

/** A trail from the home page to the current page; the last item is the page itself. */
export function Breadcrumbs({ trail }: { trail: readonly TrailItem[] }) {
  const { t } = useLanguage();
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumb.label')}>
      <ol>
        {trail.map((item, index) => (
          <li key={item.url} lang={item.lang}>
            {index === trail.length - 1 ? (
              <span aria-current="page">{item.label}</span>
            ) : (
              <a href={item.url}>{item.label}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
