import { formatDateTime } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../app/i18n';
import { useNewsDetail } from '../../features/news/queries';
import { openLink } from '../../native/open-link';
import { EmptyState, Loading } from '../../shell/common';
import styles from './news.module.css';

/** One news item (/home/newsDetail?id=…): source, time, the sanitised text, the link to the source. */
export default function NewsDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const detail = useNewsDetail(params.get('id') ?? '');
  if (detail.isPending) return <Loading />;
  const item = detail.data;
  if (!item) return <EmptyState />;
  return (
    <article className={`document ${styles.article}`} data-testid="screen-newsDetail">
      <h2>
        {item.isSimulated && <span className={styles.simulated}>{t('news.simulatedLabel')}</span>}
        {item.title}
      </h2>
      <p className={styles.meta}>
        {t('news.source', { source: item.source })} · {formatDateTime(item.publishedAt, currentLanguage())}
      </p>
      {/* The server keeps only text tags and http(s) links (sanitize-html); no script or image reaches here. */}
      <div dangerouslySetInnerHTML={{ __html: item.html }} data-testid="news-html" />
      {item.link && (
        <>
          <p className={styles.note}>{t('news.imagesOmitted')}</p>
          <Button block onClick={() => void openLink(item.link ?? '')} data-testid="news-source-link">
            {t('news.readOriginal')}
          </Button>
        </>
      )}
    </article>
  );
}
