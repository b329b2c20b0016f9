import { newsTabs, type NewsTab } from '@beurs/contract/enums';
import { Button } from 'antd-mobile';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../features/config/queries';
import { useNewsList } from '../../features/news/queries';
import { EmptyState, Loading } from '../../shell/common';
import { NewsList } from './NewsList';
import styles from './news.module.css';

/** News (/home/newsList, a tab): "hot" and "stock price news", search in the headlines. */
export default function NewsListScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<NewsTab>('hot');
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const news = useNewsList({ tab, query: deferred });
  const config = useSiteConfig();
  const items = news.data?.pages.flatMap((page) => page.items) ?? [];
  const feeds = news.data?.pages[0]?.feeds;

  return (
    <div data-testid="screen-newsList">
      <div className={styles.tabs} role="group">
        {newsTabs.map((name) => (
          <button
            key={name}
            type="button"
            className={styles.tab}
            aria-pressed={tab === name}
            onClick={() => setTab(name)}
            data-testid={`news-tab-${name}`}
          >
            {t(`news.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div className={styles.search}>
        <input
          type="search"
          value={query}
          maxLength={100}
          aria-label={t('news.search')}
          placeholder={t('news.search')}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="news-search"
        />
      </div>
      {feeds === 0 && (
        <p className={styles.note} data-testid="news-no-feeds">
          {t('news.noFeeds')} {config.data?.mode === 'demo' && t('news.demoOnly')}
        </p>
      )}
      {news.isPending ? (
        <Loading />
      ) : items.length === 0 ? (
        <EmptyState message={t('news.empty')} />
      ) : (
        <NewsList items={items} />
      )}
      {news.hasNextPage && (
        <p className={styles.note}>
          <Button block loading={news.isFetchingNextPage} onClick={() => void news.fetchNextPage()}>
            {t('news.more')}
          </Button>
        </p>
      )}
    </div>
  );
}
