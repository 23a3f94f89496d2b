import type { PageProps } from '../../cli/types.ts';
import { AdvertisingAuthorisation } from '../components/AdvertisingAuthorisation.tsx';
import { AppointmentLink } from '../components/AppointmentLink.tsx';
import { PageHeading } from '../components/PageHeading.tsx';
import { Photo } from '../components/Photo.tsx';
import { useLanguage } from '../i18n.tsx';
import { BaseLayout } from '../layout/BaseLayout.tsx';
import { trailOf } from '../site-pages.ts';

/** What a model's page shows until the shop has a photo of it: a drawing of its kind of device. */
const ILLUSTRATIONS = {
  'hearing-aid': '/images/products/hearing-aids.svg',
  accessory: '/images/products/hearing-accessory.svg',
} as const;

/**
 * One hearing-aid family or accessory of the collection: summary, its picture beside the
 * specifications it has (its photo, or the drawing of its kind of device, decorative, until
 * there is one), its text, and the authorisation to advertise medical devices when the settings
 * give one.
 */
export function ModelPage(props: PageProps) {
  const { locale, t, pick } = useLanguage();
  const { route, pages, settings, bodyHtml } = props;
  const model = route.model!;
  const list = pages.find(locale, 'products/oticon-models');
  const trail = trailOf(pages, route);
  const yesNo = (value: boolean) => (value ? t('model.yes') : t('model.no'));
  const specs = [
    model.released !== undefined && [t('model.released'), String(model.released)],
    model.styles && [t('model.styles'), model.styles.join(', ')],
    model.fittingRange && [t('model.fittingRange'), pick(model.fittingRange)],
    model.rechargeable !== undefined && [t('model.rechargeable'), yesNo(model.rechargeable)],
    model.connectivity && [t('model.connectivity'), pick(model.connectivity)],
    model.tinnitus !== undefined && [t('model.tinnitus'), yesNo(model.tinnitus)],
  ].filter((row): row is [string, string] => Array.isArray(row));
  return (
    <BaseLayout
      {...props}
      title={t(model.kind === 'hearing-aid' ? 'model.titleHearingAid' : 'model.titleAccessory', { name: model.name })}
      description={pick(model.summary)}
      trail={trail}
    >
      <article className="page">
        <PageHeading trail={trail} title={model.name} />
        <p className="page__lead">{pick(model.summary)}</p>
        <div className="model__overview">
          <Photo
            src={model.image ?? ILLUSTRATIONS[model.kind]}
            alt={model.image ? model.name : ''}
            width={400}
            height={300}
            images={props.images}
            sizes="(min-width: 56rem) 24rem, 100vw"
            className="model__picture"
            priority
          />
          {specs.length > 0 && (
            <div className="model__specs">
              <h2>{t('model.specs')}</h2>
              <dl className="specs">
                {specs.map(([term, value]) => (
                  <div key={term}>
                    <dt>{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
        </div>
        <div className="prose" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        <p className="page__actions">
          <AppointmentLink settings={settings} />
          <a className="button button--secondary" href={list.url}>
            {t('models.back')}
          </a>
        </p>
        <AdvertisingAuthorisation health={settings.health} />
      </article>
    </BaseLayout>
  );
}
