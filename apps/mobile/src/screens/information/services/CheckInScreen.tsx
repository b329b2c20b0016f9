import { formatTimeZone } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { useCheckInMutation, useClaimBadgeMutation } from '../../../features/services/mutations';
import { useCheckIn } from '../../../features/services/queries';
import { LoadingOverlay } from '../../../shell/common';
import { SummaryRows } from '../../../shell/SummaryRows';
import { formatDay } from './format';
import styles from './services.module.css';

/** Daily check-in (/information/checkIn): once a day, a streak, badges and a card about investing risk. */
export default function CheckInScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const status = useCheckIn();
  const checkIn = useCheckInMutation();
  const claim = useClaimBadgeMutation();
  const data = status.data;
  if (!data) return <LoadingOverlay visible={status.isPending} />;
  const reached = { streak: data.streak, total: data.total };
  return (
    <div data-testid="screen-checkIn">
      <section className="card">
        <SummaryRows
          rows={[
            { key: 'today', label: t('checkIn.today'), value: formatDay(data.today) },
            {
              key: 'zone',
              label: t('checkIn.timeZone'),
              value: formatTimeZone(data.timeZone, language),
              isText: true,
            },
            {
              key: 'streak',
              label: t('checkIn.streak'),
              value: t('checkIn.days', { count: data.streak }),
              testId: 'checkin-streak',
            },
            {
              key: 'total',
              label: t('checkIn.total'),
              value: t('checkIn.days', { count: data.total }),
              testId: 'checkin-total',
            },
          ]}
        />
        <div className="actions">
          <Button
            block
            color="primary"
            size="large"
            disabled={data.hasCheckedInToday}
            loading={checkIn.isPending}
            onClick={() => checkIn.mutate()}
            data-testid="checkin-submit"
          >
            {data.hasCheckedInToday ? t('checkIn.done') : t('checkIn.checkIn')}
          </Button>
        </div>
        <p className={styles.note}>{t('checkIn.noMoney')}</p>
      </section>
      {data.card && (
        <section className="card" data-testid="checkin-card" aria-labelledby="card-title">
          <h2 id="card-title">{t(`checkIn.cards.${data.card}.title`)}</h2>
          <p>{t(`checkIn.cards.${data.card}.body`)}</p>
        </section>
      )}
      <section className="card" aria-labelledby="badges-title">
        <h2 id="badges-title">{t('checkIn.badges')}</h2>
        <ul className={styles.badges}>
          {data.badges.map((badge) => (
            <li key={badge.badge} data-testid={`badge-${badge.badge}`}>
              <span>
                {t(`checkIn.badgeNames.${badge.badge}`)}
                <br />
                <span className={styles.state}>
                  {t(badge.counts === 'streak' ? 'checkIn.needsStreak' : 'checkIn.needsTotal', {
                    count: badge.required,
                    reached: badge.counts === 'streak' ? reached.streak : reached.total,
                  })}
                </span>
              </span>
              {badge.claimedAt ? (
                <span className={styles.state}>{t('checkIn.claimed')}</span>
              ) : (
                <Button
                  size="small"
                  loading={claim.isPending && claim.variables === badge.badge}
                  onClick={() => claim.mutate(badge.badge)}
                >
                  {t('checkIn.claim')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
