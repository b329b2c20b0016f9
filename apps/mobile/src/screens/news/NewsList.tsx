import { formatDateTime } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../app/i18n';
import type { NewsItem } from '../../features/news/queries';
import { pathOf } from '../../routes/paths';
import styles from './news.module.css';

/** News items with their source and time, simulated notices labelled. */
export function NewsList({ items }: { items: readonly NewsItem[] }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.id} className={styles.item} data-testid={`news-${item.id}`}>
          <Link to={`${pathOf('newsDetail')}?id=${encodeURIComponent(item.id)}`}>
            <span className={styles.title}>
              {item.isSimulated && <span className={styles.simulated}>{t('news.simulatedLabel')}</span>}
              {item.title}
            </span>
            <span className={styles.meta}>
              {item.source} · {formatDateTime(item.publishedAt, currentLanguage())}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
