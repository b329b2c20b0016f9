import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pathOf } from '../../routes/paths';
import { isLoggedIn } from '../../session/storage';
import { Brand } from '../../shell/Brand';
import { LanguagePicker } from '../../shell/LanguagePicker';

export default function StartScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = isLoggedIn();
  return (
    <div data-testid="screen-start">
      <Brand heading tagline={t('start.tagline')} />
      <div className="actions">
        {signedIn ? (
          <Button block color="primary" size="large" onClick={() => void navigate(pathOf('home'))}>
            {t('loginAfter.continue')}
          </Button>
        ) : (
          <>
            <Button block color="primary" size="large" onClick={() => void navigate(pathOf('login'))}>
              {t('start.signIn')}
            </Button>
            <Button block size="large" onClick={() => void navigate(pathOf('register'))}>
              {t('start.register')}
            </Button>
          </>
        )}
        <Button block fill="none" onClick={() => void navigate(pathOf('start1'))}>
          {t('start.howItWorks')}
        </Button>
      </div>
      <LanguagePicker />
    </div>
  );
}
