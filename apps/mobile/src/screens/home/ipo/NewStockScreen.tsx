import { formatCurrency, formatDateTime, formatRate, percentSuffix } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { useIpoDetail, useIpoList, type IpoOffering } from '../../../features/offerings/queries';
import { EmptyState, Loading } from '../../../shell/common';
import { SummaryRows } from '../../../shell/SummaryRows';
import { newStockBuyPath, newStockPath, SubscriptionCard } from './IpoParts';
import styles from './ipo.module.css';

// New shares (/home/newStock, spec `newStock`; issue 17): the offerings with their dates, phase
// and seed hash; one offering (`?id=`) with every published field, the draw's numbers once drawn,
// the user's subscriptions with the app's own check of the draw, and the way to subscribe.

function OfferingItem({ offering }: { offering: IpoOffering }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <li className="card" data-testid={`ipo-offering-${offering.id}`}>
      <Link to={newStockPath(offering.id)} className={styles.ipoLink}>
        <div className={styles.ipoHead}>
          <div>
            <strong>{offering.name}</strong>
            <small>
              {offering.symbol} · {offering.issueMarket}
            </small>
          </div>
          <span className="status">{t(`ipo.phases.${offering.phase}`)}</span>
        </div>
        <SummaryRows
          rows={[
            {
              key: 'price',
              label: t('ipo.issuePrice'),
              value: formatCurrency(offering.issuePrice, offering.currency, language),
            },
            {
              key: 'window',
              label: t('ipo.window'),
              value: `${formatDateTime(offering.opensAt, language)} – ${formatDateTime(offering.closesAt, language)}`,
              isText: true,
            },
            {
              key: 'lottery',
              label: t('ipo.lotteryAt'),
              value: formatDateTime(offering.lotteryAt, language),
            },
            {
              key: 'listing',
              label: t('ipo.listingAt'),
              value: formatDateTime(offering.listingAt, language),
            },
          ]}
        />
      </Link>
    </li>
  );
}

function OfferingList() {
  const { t } = useTranslation();
  const list = useIpoList();
  if (list.isPending) return <Loading />;
  if (list.isError) return <EmptyState message={t('common.failure')} />;
  if (list.data.items.length === 0) return <EmptyState message={t('ipo.empty')} />;
  return (
    <ul className={styles.ipoList}>
      {list.data.items.map((offering) => (
        <OfferingItem key={offering.id} offering={offering} />
      ))}
    </ul>
  );
}

function OfferingDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const detail = useIpoDetail(id);
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <EmptyState message={t('common.failure')} />;
  const { offering, subscriptions, subscriptionsLeft } = detail.data;
  const at = (value: string) => formatDateTime(value, language);
  const { draw } = offering;
  return (
    <>
      <section className="card" data-testid="ipo-detail">
        <div className={styles.ipoHead}>
          <div>
            <strong>{offering.name}</strong>
            <small>{offering.symbol}</small>
          </div>
          <span className="status" data-testid="ipo-phase">
            {t(`ipo.phases.${offering.phase}`)}
          </span>
        </div>
        <SummaryRows
          rows={[
            {
              key: 'price',
              label: t('ipo.issuePrice'),
              value: formatCurrency(offering.issuePrice, offering.currency, language),
            },
            { key: 'market', label: t('ipo.issueMarket'), value: offering.issueMarket, isText: true },
            {
              key: 'underwriter',
              label: t('ipo.leadUnderwriter'),
              // None for the simulator's demo offering: the app's own text, in the user's language.
              value: offering.leadUnderwriter ?? t('ipo.noUnderwriter'),
              testId: 'ipo-lead-underwriter',
              isText: true,
            },
            {
              key: 'offered',
              label: t('ipo.sharesOffered'),
              value: t('ipo.shares', { quantity: Number(offering.sharesOffered).toLocaleString(language) }),
            },
            {
              key: 'minimum',
              label: t('ipo.minimum'),
              value: t('ipo.shares', { quantity: Number(offering.minimumQuantity).toLocaleString(language) }),
            },
            {
              key: 'lot',
              label: t('ipo.lot'),
              value: t('ipo.shares', { quantity: Number(offering.lotSize).toLocaleString(language) }),
            },
            { key: 'perUser', label: t('ipo.perUser'), value: String(offering.subscriptionsPerUser) },
            {
              key: 'fee',
              label: t('ipo.fee'),
              value: t('ipo.feeValue', {
                rate: (offering.feeBasisPoints / 100).toLocaleString(language, { maximumFractionDigits: 2 }),
                minimum: formatCurrency(offering.feeMinimum, offering.currency, language),
              }),
              isText: true,
            },
            {
              key: 'window',
              label: t('ipo.window'),
              value: `${at(offering.opensAt)} – ${at(offering.closesAt)}`,
              isText: true,
            },
            { key: 'lottery', label: t('ipo.lotteryAt'), value: at(offering.lotteryAt) },
            { key: 'distribution', label: t('ipo.distributionAt'), value: at(offering.distributionAt) },
            { key: 'listing', label: t('ipo.listingAt'), value: at(offering.listingAt) },
          ]}
        />
        <p className={styles.ipoNote}>
          <a href={offering.prospectusUrl} target="_blank" rel="noreferrer">
            {t('ipo.prospectus')}
          </a>
        </p>
      </section>
      <section className="card" data-testid="ipo-draw">
        <h2>{t('ipo.drawRule')}</h2>
        <p className={styles.ipoNote}>{t('ipo.drawRuleText')}</p>
        <p className={styles.ipoNote}>{t('ipo.seedCommitment')}</p>
        <p className={styles.ipoHash} data-testid="ipo-seed-commitment">
          {offering.seedCommitment}
        </p>
        {draw.seed && (
          <>
            <p className={styles.ipoNote}>{t('ipo.seed')}</p>
            <p className={styles.ipoHash} data-testid="ipo-seed">
              {draw.seed}
            </p>
            <SummaryRows
              rows={[
                {
                  key: 'rate',
                  label: t('ipo.winningRate'),
                  value:
                    draw.winningRatePercent === null
                      ? '—'
                      : `${formatRate(draw.winningRatePercent, language)}${percentSuffix(language)}`,
                  testId: 'ipo-winning-rate',
                },
                { key: 'lots', label: t('ipo.lots'), value: `${draw.lotsRequested} / ${draw.lotsAllocated}` },
              ]}
            />
          </>
        )}
      </section>
      {offering.phase === 'subscribing' && subscriptionsLeft > 0 && (
        <div className="actions">
          <p className="form-footer">{t('ipo.subscriptionsLeft', { count: subscriptionsLeft })}</p>
          <Link to={newStockBuyPath(offering.id)}>
            <Button block color="primary" size="large" data-testid="ipo-subscribe">
              {t('ipo.subscribe')}
            </Button>
          </Link>
        </div>
      )}
      {subscriptions.length > 0 && (
        <>
          <h2 className="section-title">{t('ipo.yourSubscriptions')}</h2>
          <ul className={styles.ipoList}>
            {subscriptions.map((subscription) => (
              <SubscriptionCard key={subscription.id} offering={offering} subscription={subscription} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

export default function NewStockScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <div className={styles.ipoScreen} data-testid="screen-newStock">
      {id ? <OfferingDetail id={id} /> : <OfferingList />}
    </div>
  );
}
