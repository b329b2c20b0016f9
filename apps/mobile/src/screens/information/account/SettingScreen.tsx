import { languageNames } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { Menu } from '../../../shell/Menu';
import { PriceColourSetting } from '../../market/components/PriceColourSetting';
import { LogoutButton } from './LogoutButton';

export default function SettingScreen() {
  const { t } = useTranslation();
  return (
    <div data-testid="screen-setting">
      <Menu
        items={[
          { route: 'changeLang', label: t('settings.language'), value: languageNames[currentLanguage()] },
          { route: 'loginPass', label: t('settings.loginPassword') },
          { route: 'securityCenter', label: t('settings.securityCenter') },
          { route: 'aboutInfo', label: t('settings.about') },
          { route: 'aboutUs', label: t('settings.documents') },
        ]}
      />
      <PriceColourSetting />
      <LogoutButton />
    </div>
  );
}
