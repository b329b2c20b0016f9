import { formatCurrency, formatDateTime, formatMoney } from '@beurs/i18n';
import { formatDecimal } from '@beurs/contract/decimal';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { useMarginHistory, type MarginHistory } from '../../../features/margin/queries';
import { formatQuantity, formatTradePrice } from '../../../features/trading/format';
import styles from '../trade.module.css';

// A position's part in margin liquidations (issue 16 item 4): each sale of this position's orders
// that a liquidation made, with the margin level that started it, the quote used and the shortfall.

type Liquidation = MarginHistory['liquidations'][number];

export function LiquidationSale({ sale }: { sale: Liquidation['sales'][number] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <li data-testid="liquidation-sale">
      <div>
        {t('margin.log.sale', {
          quantity: formatQuantity(sale.quantity, language),
          symbol: sale.symbol,
          price: formatTradePrice(sale.last, language),
          order: sale.orderId,
        })}
      </div>
      <small>
        {t('margin.log.quote', {
          bid: sale.bid ? formatTradePrice(sale.bid, language) : '—',
          ask: sale.ask ? formatTradePrice(sale.ask, language) : '—',
          time: formatDateTime(sale.quoteAt, language),
        })}
        {' · '}
        {t('margin.log.loss', { amount: formatCurrency(sale.lossEur, 'EUR', language) })}
      </small>
    </li>
  );
}

export function PositionLiquidations({ orderIds }: { orderIds: readonly string[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const history = useMarginHistory(true);
  const ids = new Set(orderIds);
  const mine = (history.data?.liquidations ?? []).filter((liquidation) =>
    liquidation.sales.some((sale) => ids.has(sale.orderId)),
  );
  if (mine.length === 0) return null;
  return (
    <section className="card" data-testid="position-liquidations">
      <h2 className={styles.tradeCardTitle}>{t('margin.log.positionTitle')}</h2>
      {mine.map((liquidation) => (
        <div key={liquidation.id}>
          <p>
            {t('margin.log.liquidation', {
              time: formatDateTime(liquidation.startedAt, language),
              level: formatMoney(formatDecimal(BigInt(liquidation.levelBasisPoints), 2), language),
            })}
          </p>
          <ul className={styles.tradeLots}>
            {liquidation.sales
              .filter((sale) => ids.has(sale.orderId))
              .map((sale) => (
                <LiquidationSale key={sale.orderId} sale={sale} />
              ))}
          </ul>
          {liquidation.shortfall !== null && liquidation.shortfall !== '0.00' && (
            <p className="field-error">
              {t('margin.log.shortfall', { amount: formatCurrency(liquidation.shortfall, 'EUR', language) })}
            </p>
          )}
        </div>
      ))}
    </section>
  );
}
