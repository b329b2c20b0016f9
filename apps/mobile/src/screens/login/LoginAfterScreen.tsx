import { Button } from 'antd-mobile';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useNavigation } from 'react-router';
import { displayName, useUserInfo } from '../../features/user/queries';
import { pathOf } from '../../routes/paths';
import { Brand } from '../../shell/Brand';
import { Loading } from '../../shell/common';

export const LOGIN_AFTER_DELAY_MS = 1_500;

/**
 * After sign-in: greets the user by name and moves on to home, once. The delay starts when the name
 * is known and is not restarted when the user's info is fetched again (a staff decision refreshes
 * it). It is dropped once the user goes elsewhere: a lazy screen keeps this one on the page until its
 * code has loaded, and going home then would undo the user's own choice.
 */
export default function LoginAfterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leaving = useNavigation().state !== 'idle';
  const info = useUserInfo();
  const greeted = info.data !== undefined;
  const goHome = useCallback(() => void navigate(pathOf('home'), { replace: true }), [navigate]);

  useEffect(() => {
    if (!greeted || leaving) return;
    const timer = window.setTimeout(goHome, LOGIN_AFTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [greeted, leaving, goHome]);

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
