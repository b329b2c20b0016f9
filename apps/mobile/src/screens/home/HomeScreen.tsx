import { formatDateTime } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../app/i18n';
import { useNotices, useUserInfo } from '../../features/user/queries';
import { pathOf } from '../../routes/route-table';
import { useReadMessageIds } from '../../session/read-messages';
import { Balances } from '../../shell/Balances';
import { EmptyState, Loading } from '../../shell/common';
import { HomeMovers } from '../market/components/HomeMovers';
import { HomeHeader } from './HomeHeader';

export default function HomeScreen() {
  const { t } = useTranslation();
  const info = useUserInfo();
  const notices = useNotices();
  const readIds = useReadMessageIds();
  const latest = (notices.data ?? []).slice(0, 3);
  return (
    <div data-testid="screen-home">
      <HomeHeader />
      {info.isPending ? (
        <Loading />
      ) : (
        info.data && <Balances balances={info.data.balances} detailed={false} />
      )}
      <h2 className="section-title">{t('home.latestMessages')}</h2>
      {latest.length === 0 ? (
        notices.isPending ? (
          <Loading />
        ) : (
          <EmptyState message={t('home.noMessages')} />
        )
      ) : (
        <ul className="menu">
          {latest.map((notice) => (
            <li key={notice.id} className="message-item">
              <Link to={`${pathOf('msgInfo')}?id=${encodeURIComponent(notice.id)}`}>
                <span className="menu-label">
                  <span>{notice.title}</span>
                  <small>{formatDateTime(notice.createdAt, currentLanguage())}</small>
                </span>
                {!readIds.includes(notice.id) && <span className="badge">{t('messages.unread')}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <HomeMovers />
    </div>
  );
}
