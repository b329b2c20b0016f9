import { formatDecimal, parseDecimal } from '@beurs/contract/decimal';
import { STRATEGY_UNIT_SCALE } from '@beurs/contract/rules';
import { formatCurrency, formatDateTime, formatMoney } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { newIdempotencyKey } from '../../../features/funds/idempotency';
import { useStrategyFollowMutation, useStrategyRedeemMutation } from '../../../features/strategies/mutations';
import {
  useStrategyDetail,
  useStrategyList,
  type Strategy,
  type StrategyDetail,
} from '../../../features/strategies/queries';
import { EmptyState, Loading } from '../../../shell/common';
import { Field } from '../../../shell/Field';
import { SummaryRows } from '../../../shell/SummaryRows';
import { showToast } from '../../../shell/toast';
import styles from '../ipo/ipo.module.css';

/** Basis points as a percentage, exactly, in the language ("60", "12,50"): whole percents without decimals. */
const percentOfBasisPoints = (basisPoints: number, language: ReturnType<typeof currentLanguage>) =>
  formatMoney(formatDecimal(BigInt(basisPoints), 2), language, basisPoints % 100 === 0 ? 0 : 2);

/** The rule in words, from its kind and the parameters it was published with. */
function ruleText(
  strategy: Strategy,
  language: ReturnType<typeof currentLanguage>,
  t: ReturnType<typeof useTranslation>['t'],
) {
  const { weights, lookback, top } = strategy.ruleParameters;
  switch (strategy.rule) {
    case 'fixed_weights':
      return t('strategy.rules.fixed_weights', {
        weights: strategy.symbols
          .map((symbol, index) =>
            t('strategy.weightItem', { symbol, rate: percentOfBasisPoints(weights?.[index] ?? 0, language) }),
          )
          .join(', '),
      });
    case 'trend_moving_average':
      return t('strategy.rules.trend_moving_average', { lookback });
    case 'momentum_top':
      return t('strategy.rules.momentum_top', { lookback, top, count: strategy.symbols.length });
  }
}

/** The strategies run and strike their NAV on Brussels time; their times are shown in it. */
const TIME_ZONE = 'Europe/Brussels';
import {
  NavChart,
  StrategyHoldingCard,
  StrategyRequestCard,
  formatNav,
  formatRatio,
  formatUnits,
  strategyPath,
  useStrategyName,
} from './StrategyParts';

// Copy-following (/home/fllow, spec `fllow`; issue 17 item 5): the published strategies, and with
// ?id= one strategy's page — its rule, NAV since inception, the track record computed from its own
// NAVs (never an expected return), its fees, size and risk class, the past 1-year returns with the
// warning, the user's units, and following (money frozen now, units at the next NAV) or redeeming
// (paid at the first NAV after the notice period).

function StrategyItem({ strategy }: { strategy: Strategy }) {
  const { t } = useTranslation();
  const nameOf = useStrategyName();
  const language = currentLanguage();
  return (
    <li className="card" data-testid={`strategy-${strategy.code}`}>
      <Link to={strategyPath(strategy.id)} className={styles.ipoLink}>
        <div className={styles.ipoHead}>
          <div>
            <strong>{nameOf(strategy)}</strong>
            <small>{strategy.symbols.join(' · ')}</small>
          </div>
          <span className="status">{t(strategy.closedAt ? 'strategy.noNextNav' : 'strategy.open')}</span>
        </div>
        <SummaryRows
          rows={[
            { key: 'nav', label: t('strategy.nav'), value: formatNav(strategy.nav, language) },
            {
              key: 'size',
              label: t('strategy.size'),
              value: formatCurrency(strategy.size, strategy.currency, language),
            },
            {
              key: 'risk',
              label: t('strategy.riskClass'),
              value:
                strategy.metrics.riskClass === null
                  ? t('strategy.riskNone')
                  : t('strategy.riskValue', { risk: strategy.metrics.riskClass }),
              isText: true,
            },
          ]}
        />
      </Link>
    </li>
  );
}

function StrategyList() {
  const { t } = useTranslation();
  const list = useStrategyList();
  if (list.isPending) return <Loading />;
  if (list.isError) return <EmptyState message={t('common.failure')} />;
  if (list.data.items.length === 0) return <EmptyState message={t('strategy.empty')} />;
  return (
    <ul className={styles.ipoList}>
      {list.data.items.map((strategy) => (
        <StrategyItem key={strategy.id} strategy={strategy} />
      ))}
    </ul>
  );
}

/**
 * A follow or redemption form: one amount field whose request carries an idempotency key, renewed
 * when the value changes or a request succeeds (a resubmission of the same request is one request).
 */
function StrategyRequestForm(props: {
  kind: 'follow' | 'redeem';
  title: string;
  label: string;
  initial: string;
  hint: string;
  submitText: (value: string) => string;
  isPending: boolean;
  send: (value: string, idempotencyKey: string, onSuccess: () => void) => void;
}) {
  const [value, setValue] = useState(props.initial);
  const [key, setKey] = useState(newIdempotencyKey);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.send(value.trim(), key, () => setKey(newIdempotencyKey()));
  };
  return (
    <form className="form" noValidate onSubmit={submit} data-testid={`strategy-${props.kind}-form`}>
      <h2>{props.title}</h2>
      <Field
        label={props.label}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        data-testid={props.kind === 'follow' ? 'strategy-amount' : 'strategy-units'}
        onValueChange={(next) => {
          setValue(next);
          setKey(newIdempotencyKey());
        }}
      />
      <p className="form-footer">{props.hint}</p>
      <Button
        block
        color={props.kind === 'follow' ? 'primary' : 'default'}
        size="large"
        type="submit"
        loading={props.isPending}
        data-testid={`strategy-${props.kind}`}
      >
        {props.submitText(value.trim())}
      </Button>
    </form>
  );
}

function FollowForm({ strategy }: { strategy: Strategy }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const follow = useStrategyFollowMutation();
  return (
    <StrategyRequestForm
      kind="follow"
      title={t('strategy.follow')}
      label={t('strategy.amount')}
      initial={strategy.minimumFollow}
      hint={t('strategy.amountHint', {
        minimum: formatCurrency(strategy.minimumFollow, strategy.currency, language),
        at: strategy.nextStrikeAt ? formatDateTime(strategy.nextStrikeAt, language, TIME_ZONE) : '—',
      })}
      submitText={(amount) =>
        t('strategy.confirmFollow', { amount: formatCurrency(amount || '0', strategy.currency, language) })
      }
      isPending={follow.isPending}
      send={(amount, idempotencyKey, renewKey) =>
        follow.mutate(
          { id: strategy.id, amount, idempotencyKey },
          {
            onSuccess: () => {
              showToast(t('strategy.followed'), 2000);
              renewKey();
            },
          },
        )
      }
    />
  );
}

function RedeemForm({ strategy, free }: { strategy: Strategy; free: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const redeem = useStrategyRedeemMutation();
  return (
    <StrategyRequestForm
      kind="redeem"
      title={t('strategy.redeem')}
      label={t('strategy.unitsToRedeem')}
      initial={free}
      hint={t('strategy.redeemHint', { units: formatUnits(free, language), days: strategy.noticeDays })}
      submitText={(units) => t('strategy.confirmRedeem', { units })}
      isPending={redeem.isPending}
      send={(units, idempotencyKey, renewKey) =>
        redeem.mutate(
          { id: strategy.id, units, idempotencyKey },
          {
            onSuccess: () => {
              showToast(t('strategy.redeemedRequested'), 2000);
              renewKey();
            },
          },
        )
      }
    />
  );
}

/** Units a holder may still redeem: held minus those set aside by pending redemptions (exact decimals). */
function freeUnitsOf(holding: StrategyDetail['holding']): string {
  if (!holding) return formatDecimal(0n, STRATEGY_UNIT_SCALE);
  const units = parseDecimal(holding.units, STRATEGY_UNIT_SCALE) ?? 0n;
  const redeeming = parseDecimal(holding.unitsRedeeming, STRATEGY_UNIT_SCALE) ?? 0n;
  return formatDecimal(units > redeeming ? units - redeeming : 0n, STRATEGY_UNIT_SCALE);
}

function StrategyPage({ detail }: { detail: StrategyDetail }) {
  const { t } = useTranslation();
  const nameOf = useStrategyName();
  const language = currentLanguage();
  const { strategy, navHistory, holding, requests } = detail;
  const { metrics, fees } = strategy;
  const ratio = (value: number | null) => (value === null ? '—' : formatRatio(value, language));
  const freeUnits = freeUnitsOf(holding);
  return (
    <>
      <section className="card" data-testid="strategy-detail">
        <div className={styles.ipoHead}>
          <div>
            <strong>{nameOf(strategy)}</strong>
            <small>{strategy.symbols.join(' · ')}</small>
          </div>
          <span className="status">{t(strategy.closedAt ? 'strategy.noNextNav' : 'strategy.open')}</span>
        </div>
        <p className={styles.ipoNote} data-testid="strategy-rule">
          {ruleText(strategy, language, t)}
        </p>
        <SummaryRows
          rows={[
            {
              key: 'nav',
              label: strategy.navDate ? t('strategy.navOf', { date: strategy.navDate }) : t('strategy.noNav'),
              value: formatNav(strategy.nav, language),
              testId: 'strategy-nav',
            },
            {
              key: 'size',
              label: t('strategy.size'),
              value: formatCurrency(strategy.size, strategy.currency, language),
              testId: 'strategy-size',
            },
            { key: 'units', label: t('strategy.units'), value: formatUnits(strategy.units, language) },
            { key: 'inception', label: t('strategy.inception'), value: strategy.inceptionDate },
            {
              key: 'next',
              label: t('strategy.nextNav'),
              value: strategy.nextStrikeAt
                ? formatDateTime(strategy.nextStrikeAt, language, TIME_ZONE)
                : t('strategy.noNextNav'),
              testId: 'strategy-next-nav',
              isText: true,
            },
            {
              key: 'notice',
              label: t('strategy.notice'),
              value: t('strategy.noticeValue', { days: strategy.noticeDays }),
              testId: 'strategy-notice',
              isText: true,
            },
            {
              key: 'minimum',
              label: t('strategy.minimum'),
              value: formatCurrency(strategy.minimumFollow, strategy.currency, language),
            },
          ]}
        />
        <p className={styles.ipoNote}>{t('strategy.strikeTime', { time: strategy.strikeTime })}</p>
        {strategy.closedAt && (
          <p className="callout" role="status">
            {t('strategy.closed', { at: formatDateTime(strategy.closedAt, language) })}
          </p>
        )}
      </section>
      <section className="card">
        <h2>{t('strategy.chart')}</h2>
        <NavChart points={navHistory} />
      </section>
      <section className="card" data-testid="strategy-metrics">
        <h2>{t('strategy.metrics')}</h2>
        <SummaryRows
          rows={[
            {
              key: 'since',
              label: t('strategy.returnSince'),
              value: ratio(metrics.returnSinceInception),
            },
            {
              key: 'year',
              label: t('strategy.returnPerYear'),
              value: ratio(metrics.returnPerYear),
            },
            {
              key: 'drawdown',
              label: t('strategy.maxDrawdown'),
              value: ratio(metrics.maxDrawdown),
            },
            {
              key: 'volatility',
              label: t('strategy.volatility'),
              value: ratio(metrics.volatility),
            },
            {
              key: 'risk',
              label: t('strategy.riskClass'),
              value: metrics.riskClass === null ? '—' : t('strategy.riskValue', { risk: metrics.riskClass }),
              testId: 'strategy-risk',
            },
          ]}
        />
        {metrics.volatility === null ? (
          <p className={styles.ipoNote}>{t('strategy.riskNone')}</p>
        ) : (
          metrics.returnPerYear === null && (
            <p className={styles.ipoNote}>
              {t('strategy.returnPerYear')}: {t('strategy.notAYear')}
            </p>
          )
        )}
      </section>
      <section className="card" data-testid="strategy-scenarios">
        <h2>{t('strategy.scenarios')}</h2>
        {metrics.scenarios ? (
          <SummaryRows
            rows={[
              {
                key: 'worst',
                label: t('strategy.worst'),
                value: formatRatio(metrics.scenarios.worst, language),
              },
              {
                key: 'median',
                label: t('strategy.median'),
                value: formatRatio(metrics.scenarios.median, language),
              },
              {
                key: 'best',
                label: t('strategy.best'),
                value: formatRatio(metrics.scenarios.best, language),
              },
            ]}
          />
        ) : (
          <p className={styles.ipoNote}>{t('strategy.scenariosNone')}</p>
        )}
        <p className="callout" role="note" data-testid="strategy-warning">
          {t('strategy.warning')}
        </p>
      </section>
      <section className="card" data-testid="strategy-fees">
        <SummaryRows
          rows={[
            {
              key: 'management',
              label: t('strategy.managementFee'),
              value: formatRatio(fees.managementBasisPoints / 10_000, language),
            },
            {
              key: 'performance',
              label: t('strategy.performanceFee'),
              value: formatRatio(fees.performanceBasisPoints / 10_000, language),
            },
          ]}
        />
        <p className={styles.ipoNote}>
          {t('strategy.managementFeeValue', {
            rate: (fees.managementBasisPoints / 100).toLocaleString(language, { maximumFractionDigits: 2 }),
          })}
        </p>
        <p className={styles.ipoNote}>
          {t('strategy.performanceFeeValue', {
            rate: (fees.performanceBasisPoints / 100).toLocaleString(language, { maximumFractionDigits: 2 }),
            mark: formatNav(fees.highWaterMark, language),
          })}
        </p>
      </section>
      {holding && (
        <ul className={styles.ipoList}>
          <StrategyHoldingCard holding={holding} />
        </ul>
      )}
      {!strategy.closedAt && <FollowForm strategy={strategy} />}
      {holding && freeUnits !== formatDecimal(0n, STRATEGY_UNIT_SCALE) && (
        <RedeemForm strategy={strategy} free={freeUnits} />
      )}
      {requests.length > 0 && (
        <>
          <h2 className="section-title">{t('strategy.yourRequests')}</h2>
          <ul className={styles.ipoList}>
            {requests.map((request) => (
              <StrategyRequestCard key={request.id} request={request} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function StrategyScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useStrategyDetail(id);
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <EmptyState message={t('common.failure')} />;
  return <StrategyPage detail={detail.data} />;
}

export default function FllowScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <div className={styles.ipoScreen} data-testid="screen-fllow">
      {id ? <StrategyScreen id={id} /> : <StrategyList />}
    </div>
  );
}
