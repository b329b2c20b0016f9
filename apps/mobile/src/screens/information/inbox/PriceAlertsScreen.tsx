import { priceAlertConditions, type PriceAlertCondition } from '@beurs/contract/enums';
import { formatDateTime, formatMoney } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { useAlertCancelMutation, useAlertCreateMutation } from '../../../features/inbox/mutations';
import { usePriceAlerts, type PriceAlert } from '../../../features/inbox/queries';
import { EmptyState, Loading } from '../../../shell/common';
import { Field } from '../../../shell/Field';
import styles from './inbox.module.css';

const isChange = (condition: PriceAlertCondition) => condition === 'change_up' || condition === 'change_down';

function AlertItem({ alert }: { alert: PriceAlert }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const cancel = useAlertCancelMutation();
  const level = isChange(alert.condition)
    ? `${formatMoney(alert.value, language)} %`
    : `${formatMoney(alert.value, language, Math.max(2, alert.value.split('.')[1]?.length ?? 0))} ${alert.currency}`;
  return (
    <li className={`card ${styles.alert}`} data-testid={`alert-${alert.id}`}>
      <span>
        <strong>
          {alert.name} ({alert.symbol})
        </strong>
        <br />
        {t(`alerts.conditions.${alert.condition}`)} {level}
        <br />
        <small data-testid="alert-state">
          {t(`alerts.states.${alert.state}`)}
          {alert.triggeredAt &&
            alert.triggeredPrice &&
            ` · ${t('alerts.firedAt', {
              date: formatDateTime(alert.triggeredAt, language),
              price: `${formatMoney(alert.triggeredPrice, language, Math.max(2, alert.triggeredPrice.split('.')[1]?.length ?? 0))} ${alert.currency}`,
            })}`}
        </small>
      </span>
      {alert.state === 'active' && (
        <Button
          size="small"
          color="danger"
          fill="outline"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(alert.id)}
        >
          {t('alerts.cancel')}
        </Button>
      )}
    </li>
  );
}

/** Price alerts (/information/priceAlerts?symbol=…): set one, see and cancel them. */
export default function PriceAlertsScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const alerts = usePriceAlerts();
  const create = useAlertCreateMutation();
  const [symbol, setSymbol] = useState(params.get('symbol') ?? '');
  const [condition, setCondition] = useState<PriceAlertCondition>('price_above');
  const [value, setValue] = useState('');
  const list = alerts.data ?? [];

  return (
    <div data-testid="screen-priceAlerts">
      <p className="card">{t('alerts.intro')}</p>
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            { symbol: symbol.trim().toUpperCase(), condition, value: value.trim().replace(',', '.') },
            { onSuccess: () => setValue('') },
          );
        }}
      >
        <Field
          label={t('alerts.symbol')}
          value={symbol}
          onValueChange={setSymbol}
          data-testid="alert-symbol"
        />
        <div className="field">
          <label htmlFor="alert-condition">{t('alerts.condition')}</label>
          <select
            id="alert-condition"
            className={styles.select}
            value={condition}
            onChange={(event) => setCondition(event.target.value as PriceAlertCondition)}
            data-testid="alert-condition"
          >
            {priceAlertConditions.map((option) => (
              <option key={option} value={option}>
                {t(`alerts.conditions.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('alerts.value')}
          value={value}
          inputMode="decimal"
          onValueChange={setValue}
          data-testid="alert-value"
        />
        <Button
          block
          color="primary"
          type="submit"
          disabled={symbol.trim() === '' || value.trim() === ''}
          loading={create.isPending}
          data-testid="alert-create"
        >
          {t('alerts.create')}
        </Button>
      </form>
      {alerts.isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <EmptyState message={t('alerts.empty')} />
      ) : (
        <ul className={styles.alerts}>
          {list.map((alert) => (
            <AlertItem key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
    </div>
  );
}
