import { currencies } from '@beurs/contract/enums';
import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../app/i18n';
import { useNotices, useUserInfo, type UserInfo } from '../../features/user/queries';
import { isAvailable, pathOf } from '../../routes/paths';
import { useReadMessageIds } from '../../session/read-messages';
import { EmptyState, Loading } from '../../shell/common';
import { HomeMovers } from '../market/components/HomeMovers';
import { HomeHeader } from './HomeHeader';

/** Total assets per currency in one card that keeps its height while loading (no layout shift). */
function HomeAssets({ balances }: { balances: UserInfo['balances'] | undefined }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rows = balances ?? currencies.map((currency) => ({ currency, totalAssets: undefined }));
  return (
    <section className="card home-assets" aria-busy={!balances} data-testid="home-assets">
      <h2 className="asset-label">{t('home.totalAssets')}</h2>
      <dl className="asset-lines numeric">
        {rows.map((row) => (
          <div key={row.currency} data-testid={`balance-${row.currency}`}>
            <dt>{row.currency}</dt>
            <dd>
              {row.totalAssets === undefined ? '—' : formatCurrency(row.totalAssets, row.currency, language)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function HomeScreen() {
  const { t } = useTranslation();
  const info = useUserInfo();
  const notices = useNotices();
  const readIds = useReadMessageIds();
  const latest = (notices.data ?? []).slice(0, 3);
  return (
    <div data-testid="screen-home">
      <HomeHeader />
      <HomeAssets balances={info.data?.balances} />
      <HomeMovers />
      {isAvailable('newStock') && (
        <ul className="menu" data-testid="home-ipo">
          <li>
            <Link to={pathOf('newStock')}>
              <span className="menu-label">
                <span>{t('ipo.homeEntry')}</span>
                <small>{t('ipo.homeEntryNote')}</small>
              </span>
            </Link>
          </li>
        </ul>
      )}
      {isAvailable('blockTrade') && (
        <ul className="menu" data-testid="home-block-trade">
          <li>
            <Link to={pathOf('blockTrade')}>
              <span className="menu-label">
                <span>{t('placement.homeEntry')}</span>
                <small>{t('placement.homeEntryNote')}</small>
              </span>
            </Link>
          </li>
        </ul>
      )}
      {isAvailable('fllow') && (
        <ul className="menu" data-testid="home-strategies">
          <li>
            <Link to={pathOf('fllow')}>
              <span className="menu-label">
                <span>{t('strategy.homeEntry')}</span>
                <small>{t('strategy.homeEntryNote')}</small>
              </span>
            </Link>
          </li>
        </ul>
      )}
      {isAvailable('dayTrading') && (
        <ul className="menu" data-testid="home-day-trading">
          <li>
            <Link to={pathOf('dayTrading')}>
              <span className="menu-label">
                <span>{t('dayTrading.homeEntry')}</span>
                <small>{t('dayTrading.homeEntryNote')}</small>
              </span>
            </Link>
          </li>
        </ul>
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
    </div>
  );
}
