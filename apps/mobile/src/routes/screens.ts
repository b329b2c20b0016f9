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
  newsList: () => import('../screens/news/NewsListScreen'),
  newsDetail: () => import('../screens/news/NewsDetailScreen'),
  newStock: () => import('../screens/home/ipo/NewStockScreen'),
  newStockBuy: () => import('../screens/home/ipo/NewStockBuyScreen'),
  blockTrade: () => import('../screens/home/placements/BlockTradeScreen'),
  newStock2: () => import('../screens/home/placements/NewStock2Screen'),
  newStockBuy2: () => import('../screens/home/placements/NewStockBuy2Screen'),
  fllow: () => import('../screens/home/strategies/FllowScreen'),
  dayTrading: () => import('../screens/home/dayTrading/DayTradingScreen'),
  marketindex: () => import('../screens/market/MarketIndexScreen'),
  stockDetail: () => import('../screens/market/StockDetailScreen'),
  stockDetailBuy: () => import('../screens/trade/StockDetailBuyScreen'),
  fees: () => import('../screens/trade/FeesScreen'),
  trade: () => import('../screens/trade/TradeIndexScreen'),
  positionDetail: () => import('../screens/trade/PositionDetailScreen'),
  favorite: () => import('../screens/favorite/FavoriteScreen'),
  search: () => import('../screens/favorite/SearchScreen'),
  information: () => import('../screens/information/account/MeScreen'),
  setting: () => import('../screens/information/account/SettingScreen'),
  aboutInfo: () => import('../screens/information/documents/AboutInfoScreen'),
  changeLang: () => import('../screens/information/account/ChangeLangScreen'),
  loginPass: () => import('../screens/information/account/LoginPassScreen'),
  fundPass: () => import('../screens/information/identity/FundPassScreen'),
  bankList: () => import('../screens/information/funds/BankListScreen'),
  addBankCard: () => import('../screens/information/funds/AddBankCardScreen'),
  fundRecord: () => import('../screens/information/funds/FundRecordScreen'),
  exChange: () => import('../screens/information/funds/ExChangeScreen'),
  authInfo: () => import('../screens/information/identity/AuthInfoScreen'),
  aboutUs: () => import('../screens/information/documents/AboutUsScreen'),
  aboutUs1: () => import('../screens/information/documents/AboutUs1Screen'),
  aboutUs2: () => import('../screens/information/documents/AboutUs2Screen'),
  aboutUs3: () => import('../screens/information/documents/AboutUs3Screen'),
  aboutUs4: () => import('../screens/information/documents/AboutUs4Screen'),
  securityCenter: () => import('../screens/information/account/SecurityCenterScreen'),
  creditScore: () => import('../screens/information/services/CreditScoreScreen'),
  loanList: () => import('../screens/information/services/LoanListScreen'),
  loan: () => import('../screens/information/services/LoanScreen'),
  checkIn: () => import('../screens/information/services/CheckInScreen'),
  seatAccount: () => import('../screens/information/services/SeatAccountScreen'),
  margin: () => import('../screens/information/services/MarginAccountScreen'),
  securitiesLending: () => import('../screens/information/services/SecuritiesLendingScreen'),
  cashOut: () => import('../screens/information/funds/CashOutScreen'),
  recharge: () => import('../screens/information/funds/RechargeScreen'),
  rechargeChannel: () => import('../screens/information/funds/RechargeChannelScreen'),
  userInfo: () => import('../screens/information/account/MessagesScreen'),
  msgInfo: () => import('../screens/information/account/MessageDetailScreen'),
  support: () => import('../screens/information/inbox/SupportScreen'),
  priceAlerts: () => import('../screens/information/inbox/PriceAlertsScreen'),
  notifications: () => import('../screens/information/inbox/NotificationsScreen'),
  wallet: () => import('../screens/information/funds/WalletScreen'),
} as const satisfies Record<ScreenRouteName, ScreenLoader>;

/** The loader of a route's screen; undefined for a route without one yet. */
export function screenOf(name: string): ScreenLoader | undefined {
  return Object.hasOwn(screens, name) ? screens[name as ScreenRouteName] : undefined;
}
