import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogoutMutation } from '../../../features/user/mutations';
import { LOGIN_PATH } from '../../../routes/paths';
import { showToast } from '../../../shell/toast';

export function LogoutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogoutMutation(() => void navigate(LOGIN_PATH, { replace: true }));
  return (
    <ul className="menu">
      <li>
        <button
          type="button"
          data-testid="logout"
          disabled={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSettled: () => showToast(t('me.loggedOut'), 1000) })}
        >
          <span className="menu-label restriction">{t('me.logout')}</span>
        </button>
      </li>
    </ul>
  );
}
