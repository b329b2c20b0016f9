import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { displayName, useUserInfo } from '../../features/user/queries';
import { pathOf } from '../../routes/paths';
import { Brand } from '../../shell/Brand';
import { Loading } from '../../shell/common';

export const LOGIN_AFTER_DELAY_MS = 1_500;

/** After sign-in: greets the user by name and moves on to home. */
export default function LoginAfterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useUserInfo();
  const goHome = () => void navigate(pathOf('home'), { replace: true });

  useEffect(() => {
    if (!info.data) return;
    const timer = window.setTimeout(
      () => void navigate(pathOf('home'), { replace: true }),
      LOGIN_AFTER_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [info.data, navigate]);

  return (
    <div data-testid="screen-loginAfter">
      <Brand
        heading
        tagline={info.data ? t('loginAfter.welcome', { name: displayName(info.data) }) : undefined}
      />
      {info.isPending && <Loading />}
      <div className="actions">
        <Button block color="primary" size="large" onClick={goHome}>
          {t('loginAfter.continue')}
        </Button>
      </div>
    </div>
  );
}
