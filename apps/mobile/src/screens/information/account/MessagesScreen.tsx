import { formatDateTime } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { useNotices } from '../../../features/user/queries';
import { pathOf } from '../../../routes/paths';
import { useReadMessageIds } from '../../../session/read-messages';
import { EmptyState, Loading } from '../../../shell/common';
import { Icon } from '../../../shell/icons';

/** Messages (/information/userInfo): the notices, unread ones marked. */
export default function MessagesScreen() {
  const { t } = useTranslation();
  const notices = useNotices();
  const readIds = useReadMessageIds();
  if (notices.isPending) return <Loading />;
  const list = notices.data ?? [];
  if (list.length === 0) return <EmptyState message={t('messages.empty')} />;
  return (
    <ul className="menu" data-testid="screen-userInfo">
      {list.map((notice) => (
        <li key={notice.id} className="message-item">
          <Link
            to={`${pathOf('msgInfo')}?id=${encodeURIComponent(notice.id)}`}
            data-testid={`message-${notice.id}`}
          >
            <span className="menu-label">
              <span>{notice.title}</span>
              <small>{formatDateTime(notice.createdAt, currentLanguage())}</small>
            </span>
            {!readIds.includes(notice.id) && <span className="badge">{t('messages.unread')}</span>}
            <Icon name="chevron" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
