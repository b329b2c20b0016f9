import type { ComponentType } from 'react';

// The single route table: every path and route name of spec section 2. A route whose screen
// belongs to a later issue has no `screen` yet: it renders the "not available yet" state and
// `isAvailable` keeps it out of every menu. To add a screen, give its entry a `screen` loader; to
// change the tab bar, edit `tabs` below. Nothing else needs to change.

type ScreenModule = { default: ComponentType };

export type RouteEntry = {
  readonly name: string;
  readonly path: `/${string}`;
  /** Needs a signed-in session; otherwise the app goes to /login/login. */
  readonly auth: boolean;
  /** The top bar: a back button (and optional search icon) with the route's title; none when false. */
  readonly topBar: false | { readonly back: boolean; readonly search?: boolean };
  /** Shows the bottom tab bar. */
  readonly tabBar?: boolean;
  /** Lazily loaded screen (one chunk per route); absent until the screen exists. */
  readonly screen?: () => Promise<ScreenModule>;
};

const login = (name: string, screen?: RouteEntry['screen']): RouteEntry => ({
  name,
  path: `/login/${name}`,
  auth: false,
  topBar: name === 'start' || name === 'loginAfter' ? false : { back: true },
  screen,
});

const information = (name: string, screen?: RouteEntry['screen']): RouteEntry => ({
  name,
  path: `/information/${name}`,
  auth: true,
  topBar: { back: true },
  screen,
});

const later = (name: string, path: `/${string}`, extra: Partial<RouteEntry> = {}): RouteEntry => ({
  name,
  path,
  auth: true,
  topBar: { back: true },
  ...extra,
});

export const routes = [
  login('start', () => import('../screens/login/StartScreen')),
  login('start1', () => import('../screens/login/Start1Screen')),
  login('loginAfter', () => import('../screens/login/LoginAfterScreen')),
  login('login', () => import('../screens/login/LoginScreen')),
  login('register', () => import('../screens/login/RegisterScreen')),

  {
    name: 'home',
    path: '/home/index',
    auth: true,
    topBar: false,
    tabBar: true,
    screen: () => import('../screens/home/HomeScreen'),
  },
  later('newsList', '/home/newsList', { tabBar: true, topBar: { back: false } }),
  later('newsDetail', '/home/newsDetail'),
  later('blockTrade', '/home/blockTrade'),
  later('fllow', '/home/fllow'),
  later('dayTrading', '/home/dayTrading'),
  later('newStock', '/home/newStock'),
  later('newStockBuy', '/home/newStockBuy'),
  later('newStock2', '/home/newStock2'),
  later('newStockBuy2', '/home/newStockBuy2'),

  later('trade', '/trade/index', { tabBar: true }),
  later('positionDetail', '/trade/positionDetail'),

  later('marketindex', '/market/index', {
    tabBar: true,
    topBar: { back: false, search: true },
    screen: () => import('../screens/market/MarketIndexScreen'),
  }),
  later('stockDetail', '/market/stockDetail', {
    topBar: { back: true, search: true },
    screen: () => import('../screens/market/StockDetailScreen'),
  }),
  later('stockDetailBuy', '/market/stockDetailBuy'),

  later('favorite', '/favorite/index', {
    topBar: { back: true, search: true },
    screen: () => import('../screens/favorite/FavoriteScreen'),
  }),
  later('search', '/favorite/search', { screen: () => import('../screens/favorite/SearchScreen') }),

  {
    name: 'information',
    path: '/information/index',
    auth: true,
    topBar: false,
    tabBar: true,
    screen: () => import('../screens/information/MeScreen'),
  },
  information('setting', () => import('../screens/information/SettingScreen')),
  information('aboutInfo', () => import('../screens/information/AboutInfoScreen')),
  information('changeLang', () => import('../screens/information/ChangeLangScreen')),
  information('loginPass', () => import('../screens/information/LoginPassScreen')),
  information('fundPass', () => import('../screens/information/FundPassScreen')),
  information('bankList', () => import('../screens/information/BankListScreen')),
  information('addBankCard', () => import('../screens/information/AddBankCardScreen')),
  information('fundRecord', () => import('../screens/information/FundRecordScreen')),
  information('exChange', () => import('../screens/information/ExChangeScreen')),
  information('authInfo', () => import('../screens/information/AuthInfoScreen')),
  information('aboutUs', () => import('../screens/information/AboutUsScreen')),
  information('aboutUs1', () => import('../screens/information/documents/AboutUs1Screen')),
  information('aboutUs2', () => import('../screens/information/documents/AboutUs2Screen')),
  information('aboutUs3', () => import('../screens/information/documents/AboutUs3Screen')),
  information('aboutUs4', () => import('../screens/information/documents/AboutUs4Screen')),
  information('securityCenter', () => import('../screens/information/SecurityCenterScreen')),
  information('creditScore'),
  information('cashOut', () => import('../screens/information/CashOutScreen')),
  information('recharge', () => import('../screens/information/RechargeScreen')),
  information('rechargeChannel', () => import('../screens/information/RechargeChannelScreen')),
  information('userInfo', () => import('../screens/information/MessagesScreen')),
  information('msgInfo', () => import('../screens/information/MessageDetailScreen')),
  {
    ...information('wallet', () => import('../screens/information/WalletScreen')),
    tabBar: true,
    topBar: { back: false },
  },
  information('loanList'),
] as const satisfies readonly RouteEntry[];

export type RouteName = (typeof routes)[number]['name'];

/** The tab bar, in order. A tab whose route has no screen yet shows the "not available" state. */
export const tabs = [
  { key: 'home', route: 'home', icon: 'home' },
  { key: 'market', route: 'marketindex', icon: 'market' },
  { key: 'wallet', route: 'wallet', icon: 'wallet' },
  { key: 'news', route: 'newsList', icon: 'news' },
  { key: 'me', route: 'information', icon: 'me' },
] as const satisfies readonly { key: string; route: RouteName; icon: string }[];

const byName = new Map<string, RouteEntry>(routes.map((route) => [route.name, route]));
const byPath = new Map<string, RouteEntry>(routes.map((route) => [route.path, route]));

export function routeByName(name: RouteName): RouteEntry {
  const route = byName.get(name);
  if (!route) throw new Error(`no route named ${name}`);
  return route;
}

export function routeByPath(path: string): RouteEntry | undefined {
  return byPath.get(path);
}

export const pathOf = (name: RouteName): string => routeByName(name).path;

/** Menus link only to routes whose screen exists. */
export const isAvailable = (name: RouteName): boolean => routeByName(name).screen !== undefined;

export const START_PATH = '/login/start';
export const LOGIN_PATH = '/login/login';
export const HOME_PATH = '/home/index';
