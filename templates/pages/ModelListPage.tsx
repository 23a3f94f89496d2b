import type { PageProps, PageRef } from '../../cli/types.ts';
import { AdvertisingAuthorisation } from '../components/AdvertisingAuthorisation.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { useLanguage } from '../i18n.tsx';
import { BaseLayout } from '../layout/BaseLayout.tsx';
import { labelOf, languageOf, trailOf } from '../site-pages.ts';

/**
 * The hearing-aid range page: its text, then every model family and accessory of the collection,
 * and the authorisation to advertise medical devices when the settings give one.
 */
export function ModelListPage(props: PageProps) {
  const { locale, t, pick } = useLanguage();
  const { route, pages, bodyHtml } = props;
  const trail = trailOf(pages, route);
  const lang = languageOf(route);
  const modelRoutes = pages.ofTemplate(locale, 'model');
  const list = (routesOfKind: readonly PageRef[]) => (
    <ul className="card-grid card-grid--balanced">
      {routesOfKind.map((modelRoute) => (
        <li key={modelRoute.id} className="card">
          <h3>
            <a className="card__link" href={modelRoute.url}>
              {labelOf(modelRoute)}
            </a>
          </h3>
          <p>{pick(modelRoute.model!.summary)}</p>
        </li>
      ))}
    </ul>
  );
  return (
    <BaseLayout {...props} trail={trail}>
      <article className="page page--wide">
        <PageHeading trail={trail} title={route.entry!.title} lang={lang} />
        <div className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        <h2 className="page__section-heading">{t('models.hearingAids')}</h2>
        {list(modelRoutes.filter((candidate) => candidate.model!.kind === 'hearing-aid'))}
        <h2 className="page__section-heading">{t('models.accessories')}</h2>
        {list(modelRoutes.filter((candidate) => candidate.model!.kind === 'accessory'))}
        <AdvertisingAuthorisation health={props.settings.health} />
      </article>
    </BaseLayout>
  );
}
