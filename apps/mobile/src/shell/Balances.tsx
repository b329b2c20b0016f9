import { formatCurrency } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../app/i18n';
import type { UserInfo } from '../features/user/queries';
import { Pnl } from '../screens/trade/components/PositionFigures';

type Balance = UserInfo['balances'][number];

const isZero = (amount: string) => /^-?0(\.0+)?$/.test(amount);
const negated = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

/**
 * Account totals per currency, as the server computes them from positions and the ledger: total
 * assets, then available, frozen, withdrawable, holdings at market value, the margin side's cash,
 * what is owed on the margin loan and on credit loans (each when there is any) and total profit.
 * Total assets subtract both debts.
 * `testIdPrefix` names the cards (`balance-EUR`, `balance-EUR-available`, …).
 */
export function Balances({
  balances,
  detailed = true,
  testIdPrefix = 'balance',
}: {
  balances: UserInfo['balances'];
  detailed?: boolean;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = (balance: Balance, amount: string) => formatCurrency(amount, balance.currency, language);
  return (
    <>
      {balances.map((balance) => {
        const id = `${testIdPrefix}-${balance.currency}`;
        const cells: readonly (readonly [string, string, string])[] = [
          ['available', t('me.available'), balance.available],
          ['frozen', t('me.frozen'), balance.frozen],
          ['withdrawable', t('me.withdrawable'), balance.withdrawable],
          ['positions', t('me.positionsValue'), balance.positionsValue],
          // The margin side (issue 16), only for a user who has one: its cash and what its loan owes.
          ...(isZero(balance.marginCash)
            ? []
            : [['marginCash', t('me.marginCash'), balance.marginCash] as const]),
          ...(isZero(balance.owedMarginLoan)
            ? []
            : [['owed', t('me.owed'), negated(balance.owedMarginLoan)] as const]),
          // A credit loan (issue 14): its cash is in available, what is owed on it is not the user's.
          ...(isZero(balance.owedCredit)
            ? []
            : [['owedCredit', t('me.owedCredit'), negated(balance.owedCredit)] as const]),
        ];
        return (
          <section key={balance.currency} className="card" data-testid={id}>
            <p className="asset-label">
              {t('me.totalAssets')} ({balance.currency})
            </p>
            <p className="asset-total numeric" data-testid={`${id}-total`}>
              {money(balance, balance.totalAssets)}
            </p>
            {detailed && (
              <dl className="asset-grid numeric">
                {cells.map(([key, label, amount]) => (
                  <div key={key}>
                    <dt>{label}</dt>
                    <dd data-testid={`${id}-${key}`}>{money(balance, amount)}</dd>
                  </div>
                ))}
                <div>
                  <dt>{t('me.profit')}</dt>
                  <dd>
                    <Pnl value={balance.profit} currency={balance.currency} testId={`${id}-profit`} />
                  </dd>
                </div>
              </dl>
            )}
          </section>
        );
      })}
      {detailed && <p className="asset-note">{t('me.totalsNote')}</p>}
    </>
  );
}
