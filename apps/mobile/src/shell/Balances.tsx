import { formatCurrency } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../app/i18n';
import type { UserInfo } from '../features/user/queries';

/** Total assets, available, frozen and profit per currency, formatted from decimal strings. */
export function Balances({
  balances,
  detailed = true,
}: {
  balances: UserInfo['balances'];
  detailed?: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <>
      {balances.map((balance) => (
        <section key={balance.currency} className="card" data-testid={`balance-${balance.currency}`}>
          <p className="asset-label">
            {t('me.totalAssets')} ({balance.currency})
          </p>
          <p className="asset-total numeric">
            {formatCurrency(balance.totalAssets, balance.currency, language)}
          </p>
          {detailed && (
            <dl className="asset-grid numeric">
              <div>
                <dt>{t('me.available')}</dt>
                <dd data-testid={`balance-${balance.currency}-available`}>
                  {formatCurrency(balance.available, balance.currency, language)}
                </dd>
              </div>
              <div>
                <dt>{t('me.frozen')}</dt>
                <dd data-testid={`balance-${balance.currency}-frozen`}>
                  {formatCurrency(balance.frozen, balance.currency, language)}
                </dd>
              </div>
              <div>
                <dt>{t('me.profit')}</dt>
                <dd>{formatCurrency(balance.profit, balance.currency, language)}</dd>
              </div>
            </dl>
          )}
        </section>
      ))}
    </>
  );
}
