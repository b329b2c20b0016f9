import type { ComponentType } from 'react';
import type { ScreenRouteName } from './paths';

// The lazy screen table: one chunk per route, loaded when the route is first shown. Only the
// router and the start-up warm-up import this file; screens link to routes through `paths.ts`.

type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

export const screens = {
  start: () => import('../screens/login/StartScreen'),
  start1: () => import('../screens/login/Start1Screen'),
  loginAfter: () => import('../screens/login/LoginAfterScreen'),
  login: () => import('../screens/login/LoginScreen'),
  register: () => import('../screens/login/RegisterScreen'),
  home: () => import('../screens/home/HomeScreen'),
  marketindex: () => import('../screens/market/MarketIndexScreen'),
  stockDetail: () => import('../screens/market/StockDetailScreen'),
  favorite: () => import('../screens/favorite/FavoriteScreen'),
  search: () => import('../screens/favorite/SearchScreen'),
  information: () => import('../screens/information/MeScreen'),
  setting: () => import('../screens/information/SettingScreen'),
  aboutInfo: () => import('../screens/information/AboutInfoScreen'),
  changeLang: () => import('../screens/information/ChangeLangScreen'),
  loginPass: () => import('../screens/information/LoginPassScreen'),
  fundPass: () => import('../screens/information/FundPassScreen'),
  bankList: () => import('../screens/information/BankListScreen'),
  addBankCard: () => import('../screens/information/AddBankCardScreen'),
  fundRecord: () => import('../screens/information/FundRecordScreen'),
  exChange: () => import('../screens/information/ExChangeScreen'),
  authInfo: () => import('../screens/information/AuthInfoScreen'),
  aboutUs: () => import('../screens/information/AboutUsScreen'),
  aboutUs1: () => import('../screens/information/documents/AboutUs1Screen'),
  aboutUs2: () => import('../screens/information/documents/AboutUs2Screen'),
  aboutUs3: () => import('../screens/information/documents/AboutUs3Screen'),
  aboutUs4: () => import('../screens/information/documents/AboutUs4Screen'),
  securityCenter: () => import('../screens/information/SecurityCenterScreen'),
  cashOut: () => import('../screens/information/CashOutScreen'),
  recharge: () => import('../screens/information/RechargeScreen'),
  rechargeChannel: () => import('../screens/information/RechargeChannelScreen'),
  userInfo: () => import('../screens/information/MessagesScreen'),
  msgInfo: () => import('../screens/information/MessageDetailScreen'),
  wallet: () => import('../screens/information/WalletScreen'),
} as const satisfies Record<ScreenRouteName, ScreenLoader>;

/** The loader of a route's screen; undefined for a route without one yet. */
export function screenOf(name: string): ScreenLoader | undefined {
  return Object.hasOwn(screens, name) ? screens[name as ScreenRouteName] : undefined;
}
