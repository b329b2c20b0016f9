import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { instrumentKinds } from '@beurs/contract/enums';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { imageUrl, useSiteConfig } from '../features/config/queries';
import { readStockDetail } from '../features/market/stock-detail';
import { LOGIN_PATH, routeByPath } from '../routes/paths';
import { isLoggedIn } from '../session/storage';
import { DemoBanner, EmptyState, Splash } from './common';
import { PendingDecisions } from './PendingDecisions';
import { TabBar } from './TabBar';
import { TopBar } from './TopBar';

/** The frame of every screen: demo banner, top bar, the screen, tab bar; splash until configured. */
export function AppLayout() {
  const { t } = useTranslation();
  // The stock detail is titled by what it shows: a stock, an index, a currency pair, a cryptocurrency.
  const routeTitle = (name: string) => {
    const kind = name === 'stockDetail' ? readStockDetail()?.kind : undefined;
    return kind && (instrumentKinds as readonly string[]).includes(kind)
      ? t(`market.detail.titleByKind.${kind}`)
      : t(`titles.${name}`);
  };
  const location = useLocation();
  const navigation = useNavigation();
  const config = useSiteConfig();
  const route = routeByPath(location.pathname);

  useEffect(() => {
    if (!config.data) return;
    if (config.data.title) document.title = config.data.title;
    const logo = imageUrl(config.data.logo);
    if (logo) document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.setAttribute('href', logo);
  }, [config.data]);

  if (config.isPending) return <Splash />;
  if (config.isError) {
    return (
      <main className="screen screen-center">
        <EmptyState message={t('common.configFailed')}>
          <button type="button" className="button-primary" onClick={() => void config.refetch()}>
            {t('common.retry')}
          </button>
        </EmptyState>
      </main>
    );
  }
  if (route?.auth && !isLoggedIn()) return <Navigate to={LOGIN_PATH} replace />;

  return (
    <div className={route?.tabBar ? 'app app-with-tabs' : 'app'}>
      {config.data.mode === 'demo' && <DemoBanner />}
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={t('common.loading')} />
      )}
      {route && route.topBar && (
        <TopBar title={routeTitle(route.name)} back={route.topBar.back} search={route.topBar.search} />
      )}
      <main className="screen" data-route={route?.name} data-path={location.pathname}>
        <Outlet />
      </main>
      {/* A new screen opens at its top (not where the last one was scrolled); back restores. */}
      <ScrollRestoration />
      {isLoggedIn() && <PendingDecisions />}
      {route?.tabBar && <TabBar />}
    </div>
  );
}
