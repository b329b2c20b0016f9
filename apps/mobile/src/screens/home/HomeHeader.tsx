import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteConfig } from '../../features/config/queries';
import { displayName, useNotices, useUserInfo } from '../../features/user/queries';
import { openLink } from '../../native/open-link';
import { isAvailable, pathOf } from '../../routes/paths';
import { hasUnread, useReadMessageIds } from '../../session/read-messages';
import { storageKeys } from '../../session/storage';
import { classNames } from '../../shell/common';
import { Icon } from '../../shell/icons';

/**
 * Home header (spec section 2): display name (real name once verified, else the account), bell to
 * the messages with an unread dot, customer service (the `kefu` link), settings.
 */
export function HomeHeader({ className, ...rest }: HTMLAttributes<HTMLElement> & { 'data-testid'?: string }) {
  const { t } = useTranslation();
  const info = useUserInfo();
  const notices = useNotices();
  const config = useSiteConfig();
  const readIds = useReadMessageIds();
  const unread = hasUnread(
    (notices.data ?? []).map((notice) => notice.id),
    readIds,
  );
  const kefu = config.data?.kefu;

  return (
    <header className={classNames('home-header', className)} {...rest}>
      <h1 data-testid="home-display-name">
        {info.data ? displayName(info.data) : (localStorage.getItem(storageKeys.account) ?? '')}
      </h1>
      <Link
        className="icon-button"
        to={pathOf('userInfo')}
        aria-label={unread ? `${t('home.messages')} — ${t('home.unread')}` : t('home.messages')}
        data-testid="home-bell"
      >
        <Icon name="bell" />
        {unread && <span className="unread-dot" data-testid="unread-dot" aria-hidden="true" />}
      </Link>
      {kefu && (
        <button
          type="button"
          className="icon-button"
          aria-label={t('home.customerService')}
          onClick={() => openLink(kefu)}
          data-testid="home-kefu"
        >
          <Icon name="service" />
        </button>
      )}
      {isAvailable('setting') && (
        <Link
          className="icon-button"
          to={pathOf('setting')}
          aria-label={t('home.settings')}
          data-testid="home-settings"
        >
          <Icon name="settings" />
        </Link>
      )}
    </header>
  );
}
