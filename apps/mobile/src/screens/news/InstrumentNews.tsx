import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNewsList } from '../../features/news/queries';
import { pathOf } from '../../routes/paths';
import { NewsList } from './NewsList';

/** The stock detail's news about one instrument (the five newest), and a price alert for it. */
export function InstrumentNews({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const news = useNewsList({ tab: 'hot', query: '', symbol });
  const items = (news.data?.pages[0]?.items ?? []).slice(0, 5);
  return (
    <section className="card" aria-label={t('news.forInstrument')} data-testid="instrument-news">
      <h2>{t('news.forInstrument')}</h2>
      {items.length === 0 ? <p>{t('news.empty')}</p> : <NewsList items={items} />}
      <p>
        <Link
          to={`${pathOf('priceAlerts')}?symbol=${encodeURIComponent(symbol)}`}
          data-testid="set-price-alert"
        >
          {t('alerts.setFor')}
        </Link>
      </p>
    </section>
  );
}
