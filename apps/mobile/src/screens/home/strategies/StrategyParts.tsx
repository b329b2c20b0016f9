import type { Language } from '@beurs/contract';
import { formatCurrency, formatDateTime, formatMoney, percentSuffix } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import type { StrategyHolding, StrategyRequest } from '../../../features/strategies/queries';
import { pathOf } from '../../../routes/paths';
import { SummaryRows, type SummaryRow } from '../../../shell/SummaryRows';
import styles from '../ipo/ipo.module.css';

// Pieces of the copy-following screens (issue 17 item 5): a request card and a units card (also
// on the positions tab), the NAV chart, and the number formats.

export const strategyPath = (id: string) => `${pathOf('fllow')}?id=${encodeURIComponent(id)}`;

/**
 * A strategy's name in the reader's language: a published strategy's from the catalogue (by its
 * code), a staff-created one's as staff named it.
 */
export function useStrategyName() {
  const { t, i18n } = useTranslation();
  return ({ code, name }: { code: string; name: string }) => {
    const key = `strategy.publishedNames.${code}`;
    return i18n.exists(key) ? t(key) : name;
  };
}

/** A ratio (0.1234) as a percentage in the user's language ("12.34%", "12,34 %"); display only. */
export const formatRatio = (ratio: number, language: Language) =>
  `${formatMoney((ratio * 100).toFixed(2), language)}${percentSuffix(language)}`;
export const formatNav = (nav: string, language: Language) => `${formatMoney(nav, language, 6)} €`;
export const formatUnits = (units: string, language: Language) => formatMoney(units, language, 4);

/** The NAV per unit since inception, one point per NAV struck (an SVG line, no axes beyond the range). */
export function NavChart({ points }: { points: readonly { date: string; nav: string }[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (points.length < 2) return <p className={styles.ipoNote}>{t('strategy.chartEmpty')}</p>;
  const values = points.map((point) => Number(point.nav));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const width = 320;
  const height = 120;
  const path = values
    .map((value, index) => {
      const x = (index / (values.length - 1)) * width;
      const y = height - ((value - low) / span) * (height - 8) - 4;
      return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return (
    <figure className="strategy-chart" data-testid="strategy-chart" style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label={t('strategy.chart')}
        data-points={points.length}
      >
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <figcaption className={styles.ipoNote}>
        {points[0]!.date} – {points[points.length - 1]!.date} · {formatNav(String(low), language)} –{' '}
        {formatNav(String(high), language)}
      </figcaption>
    </figure>
  );
}

/** A follow or a redemption with its state and money (pending until its NAV). */
export function StrategyRequestCard({
  request,
  isLinked = false,
}: {
  request: StrategyRequest;
  /** Links the head to the strategy's page and names the kind (the positions tab). */
  isLinked?: boolean;
}) {
  const { t } = useTranslation();
  const nameOf = useStrategyName();
  const language = currentLanguage();
  const money = (amount: string) => formatCurrency(amount, request.currency, language);
  const rows: SummaryRow[] = [];
  if (request.amount !== null) {
    rows.push({
      key: 'amount',
      label: t(request.state === 'pending' ? 'strategy.frozen' : 'strategy.cost'),
      value: money(request.amount),
      testId: 'strategy-req-amount',
    });
  }
  if (request.units !== null) {
    rows.push({
      key: 'units',
      label: t('strategy.unitsIssued'),
      value: formatUnits(request.units, language),
      testId: 'strategy-req-units',
    });
  }
  if (request.nav !== null) {
    rows.push({ key: 'nav', label: t('strategy.atNav'), value: formatNav(request.nav, language) });
  }
  if (request.paid !== null) {
    rows.push({
      key: 'paid',
      label: t('strategy.paid'),
      value: money(request.paid),
      testId: 'strategy-req-paid',
    });
  }
  if (request.state === 'pending') {
    rows.push({
      key: 'eligible',
      label: t('strategy.eligible'),
      value: formatDateTime(request.eligibleAt, language, 'Europe/Brussels'),
      isText: true,
    });
  }
  const head = (
    <div className={styles.ipoHead}>
      <div>
        <strong>
          {isLinked ? `${t('strategy.kind')} · ` : ''}
          {t(`strategy.kinds.${request.kind}`)} · {nameOf(request)}
        </strong>
        <small>
          {request.code} · {formatDateTime(request.createdAt, language)}
        </small>
      </div>
      <span className="status" data-testid="strategy-req-state">
        {t(`strategy.states.${request.state}`)}
      </span>
    </div>
  );
  return (
    <li className="card" data-testid={`strategy-request-${request.id}`}>
      {isLinked ? (
        <Link to={strategyPath(request.strategyId)} className={styles.ipoLink}>
          {head}
        </Link>
      ) : (
        head
      )}
      <SummaryRows rows={rows} />
    </li>
  );
}

/** The user's units in one strategy: value at the last NAV, money paid in, profit or loss. */
export function StrategyHoldingCard({
  holding,
  isLinked = false,
}: {
  holding: StrategyHolding;
  isLinked?: boolean;
}) {
  const { t } = useTranslation();
  const nameOf = useStrategyName();
  const language = currentLanguage();
  const money = (amount: string) => formatCurrency(amount, holding.currency, language);
  const head = (
    <div className={styles.ipoHead}>
      <div>
        <strong>
          {isLinked ? `${t('strategy.kind')} · ` : ''}
          {nameOf(holding)}
        </strong>
        <small>{holding.code}</small>
      </div>
      <span className="numeric" style={{ whiteSpace: 'nowrap' }}>
        {formatNav(holding.nav, language)}
      </span>
    </div>
  );
  return (
    <li className="card" data-testid={`strategy-holding-${holding.strategyId}`}>
      {isLinked ? (
        <Link to={strategyPath(holding.strategyId)} className={styles.ipoLink}>
          {head}
        </Link>
      ) : (
        head
      )}
      <SummaryRows
        rows={[
          {
            key: 'units',
            label: t('strategy.yourUnits'),
            value: formatUnits(holding.units, language),
            testId: 'strategy-holding-units',
          },
          ...(holding.unitsRedeeming === '0.0000'
            ? []
            : [
                {
                  key: 'redeeming',
                  label: t('strategy.redeeming'),
                  value: formatUnits(holding.unitsRedeeming, language),
                },
              ]),
          {
            key: 'value',
            label: t('strategy.value'),
            value: money(holding.value),
            testId: 'strategy-holding-value',
          },
          { key: 'cost', label: t('strategy.cost'), value: money(holding.cost) },
          { key: 'pnl', label: t('strategy.pnl'), value: money(holding.pnl), testId: 'strategy-holding-pnl' },
        ]}
      />
    </li>
  );
}
