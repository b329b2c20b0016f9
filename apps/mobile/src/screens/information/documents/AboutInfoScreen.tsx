import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../../features/config/queries';
import { Menu } from '../../../shell/Menu';

/** About Beurs: version, mode, and in live mode the operator's legal name and licence (DESIGN.md §1.2). */
export default function AboutInfoScreen() {
  const { t } = useTranslation();
  const config = useSiteConfig().data;
  return (
    <div data-testid="screen-aboutInfo">
      <section className="document">
        <p>{t('about.version', { version: __APP_VERSION__ })}</p>
        <p>
          <strong>{t('about.mode')}: </strong>
          {config?.mode === 'live' ? t('about.modeLive') : t('about.modeDemo')}
        </p>
        {config?.operatorName && (
          <p>
            <strong>{t('about.operator')}: </strong>
            {config.operatorName}
          </p>
        )}
        {config?.licence && (
          <p>
            <strong>{t('about.licence')}: </strong>
            {config.licence}
          </p>
        )}
      </section>
      <h2 className="section-title">{t('about.documents')}</h2>
      <Menu
        items={[
          { route: 'aboutUs1', label: t('titles.aboutUs1') },
          { route: 'aboutUs2', label: t('titles.aboutUs2') },
          { route: 'aboutUs3', label: t('titles.aboutUs3') },
          { route: 'aboutUs4', label: t('titles.aboutUs4') },
          { route: 'fees', label: t('titles.fees') },
        ]}
      />
    </div>
  );
}
