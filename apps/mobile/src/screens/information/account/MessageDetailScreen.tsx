import { formatDateTime } from '@beurs/i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { useNotices } from '../../../features/user/queries';
import { markMessageRead } from '../../../session/read-messages';
import { EmptyState, Loading } from '../../../shell/common';

/** One message (/information/msgInfo?id=…); opening it marks it read in `readMsg`. */
export default function MessageDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const notices = useNotices();
  const notice = notices.data?.find((item) => item.id === id);

  useEffect(() => {
    if (notice) markMessageRead(notice.id);
  }, [notice]);

  if (notices.isPending) return <Loading />;
  if (!notice) return <EmptyState />;
  return (
    <article className="document" data-testid="screen-msgInfo">
      <h2>{notice.title}</h2>
      <p>
        <small>{t('messages.received', { date: formatDateTime(notice.createdAt, currentLanguage()) })}</small>
      </p>
      {notice.content.split('\n').map((line, index) => (
        <p key={index}>{line}</p>
      ))}
    </article>
  );
}
