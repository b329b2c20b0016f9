import { useTranslation } from 'react-i18next';
import { Menu } from '../../../shell/Menu';

/** The documents: about us, privacy policy, user agreement, risks of investing, and the fee schedule. */
export default function AboutUsScreen() {
  const { t } = useTranslation();
  return (
    <div data-testid="screen-aboutUs">
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
