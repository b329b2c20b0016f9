// The route table without its screens: every path and route name of spec section 2, and the tab
// bar. Screens and the shell import this file to link to a route; the lazy screen loaders live in
// `screens.ts`, which only the router (and the start-up warm-up) imports, so no screen's import
// leads back to the screens (no import cycle through the route table).
//
// A route with `hasScreen: false` belongs to a later issue: it renders the "not available yet"
// state and `isAvailable` keeps it out of every menu. To add a screen, set `hasScreen` and give it
// a loader in `screens.ts` (the compiler asks for exactly those); to change the tab bar, edit `tabs`.

export type RouteEntry = {
  readonly name: string;
  readonly path: `/${string}`;
  /** Needs a signed-in session; otherwise the app goes to /login/login. */
  readonly auth: boolean;
  /** The top bar: a back button (and optional search icon) with the route's title; none when false. */
  readonly topBar: false | { readonly back: boolean; readonly search?: boolean };
  /** Shows the bottom tab bar. */
  readonly tabBar?: boolean;
  /** The screen exists (its loader is in `screens.ts`). */
  readonly hasScreen: boolean;
};

const login = <const Name extends string>(name: Name) =>
  ({
    name,
    path: `/login/${name}`,
    auth: false,
    topBar: name === 'start' || name === 'loginAfter' ? false : { back: true },
    hasScreen: true,
  }) as const;

const information = <const Name extends string>(name: Name) =>
  ({ name, path: `/information/${name}`, auth: true, topBar: { back: true }, hasScreen: true }) as const;

type Later<Name extends string> = {
  readonly name: Name;
  readonly path: `/${string}`;
  readonly auth: true;
  readonly topBar: { readonly back: true };
  readonly hasScreen: false;
};

/** A signed-in route with a back button and, unless `extra` says otherwise, no screen yet. */
const later = <const Name extends string, const Extra extends Partial<RouteEntry> = Record<never, never>>(
  name: Name,
  path: `/${string}`,
  extra?: Extra,
) =>
  ({ name, path, auth: true, topBar: { back: true }, hasScreen: false, ...extra }) as Omit<
    Later<Name>,
    keyof Extra
  > &
    Extra;

export const routes = [
  login('start'),
  login('start1'),
  login('loginAfter'),
  login('login'),
  login('register'),

  { name: 'home', path: '/home/index', auth: true, topBar: false, tabBar: true, hasScreen: true },
  later('newsList', '/home/newsList', { tabBar: true, topBar: { back: false }, hasScreen: true }),
  later('newsDetail', '/home/newsDetail', { hasScreen: true }),
  later('blockTrade', '/home/blockTrade', { hasScreen: true }),
  later('fllow', '/home/fllow', { hasScreen: true }),
  later('dayTrading', '/home/dayTrading', { hasScreen: true }),
  later('newStock', '/home/newStock', { hasScreen: true }),
  later('newStockBuy', '/home/newStockBuy', { hasScreen: true }),
  later('newStock2', '/home/newStock2', { hasScreen: true }),
  later('newStockBuy2', '/home/newStockBuy2', { hasScreen: true }),

  later('trade', '/trade/index', { tabBar: true, hasScreen: true }),
  later('positionDetail', '/trade/positionDetail', { hasScreen: true }),

  later('marketindex', '/market/index', {
    tabBar: true,
    topBar: { back: false, search: true },
    hasScreen: true,
  }),
  later('stockDetail', '/market/stockDetail', { topBar: { back: true, search: true }, hasScreen: true }),
  later('stockDetailBuy', '/market/stockDetailBuy', { hasScreen: true }),
  // Not a route of spec §2: the published fees and taxes (issue 11), linked from the ticket and About.
  later('fees', '/trade/fees', { hasScreen: true }),

  later('favorite', '/favorite/index', { topBar: { back: true, search: true }, hasScreen: true }),
  later('search', '/favorite/search', { hasScreen: true }),

  {
    name: 'information',
    path: '/information/index',
    auth: true,
    topBar: false,
    tabBar: true,
    hasScreen: true,
  },
  information('setting'),
  information('aboutInfo'),
  information('changeLang'),
  information('loginPass'),
  information('fundPass'),
  information('bankList'),
  information('addBankCard'),
  information('fundRecord'),
  information('exChange'),
  information('authInfo'),
  information('aboutUs'),
  information('aboutUs1'),
  information('aboutUs2'),
  information('aboutUs3'),
  information('aboutUs4'),
  information('securityCenter'),
  information('creditScore'),
  information('cashOut'),
  information('recharge'),
  information('rechargeChannel'),
  information('userInfo'),
  information('msgInfo'),
  // Not routes of spec §2: the support chat, price alerts and notification settings (issue 14).
  information('support'),
  information('priceAlerts'),
  information('notifications'),
  { ...information('wallet'), tabBar: true, topBar: { back: false } },
  information('loanList'),
  // Not routes of spec §2: one loan, the daily check-in and the professional-client ("seat
  // account") application (issue 14), linked from Me and the loan list.
  information('loan'),
  information('checkIn'),
  information('seatAccount'),
  // Not a route of spec §2: opening a margin account (issue 16), linked from Me → Services.
  information('margin'),
  // Not a route of spec §2: lending one's shares to the short sellers (issue 16 item 3), Me → Services.
  information('securitiesLending'),
] as const satisfies readonly RouteEntry[];

export type RouteName = (typeof routes)[number]['name'];
/** The routes whose screen exists: `screens.ts` has a loader for each, and no other. */
export type ScreenRouteName = Extract<(typeof routes)[number], { hasScreen: true }>['name'];

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
export const isAvailable = (name: RouteName): boolean => routeByName(name).hasScreen;

export const START_PATH = '/login/start';
export const LOGIN_PATH = '/login/login';
export const HOME_PATH = '/home/index';
