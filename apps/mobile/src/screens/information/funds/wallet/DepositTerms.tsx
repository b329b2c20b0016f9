import { formatTimeZone } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../app/i18n';
import type { DepositChannels } from '../../../../features/funds/queries';

/**
 * The deposit terms shown above every deposit screen: in demo mode the statement that no real money
 * is accepted (DESIGN.md §1.2), in live mode the operator and licence; and the processing hours.
 */
export function DepositTerms({ terms }: { terms: Pick<DepositChannels, 'mode' | 'operator' | 'hours'> }) {
  const { t } = useTranslation();
  const { mode, operator, hours } = terms;
  return (
    <section className="card" data-testid="deposit-terms">
      {mode === 'demo' ? (
        <p role="note" data-testid="deposit-demo">
          <strong>{t('recharge.demo')}</strong>
        </p>
      ) : (
        operator && <p>{t('recharge.operator', { name: operator.name, licence: operator.licence })}</p>
      )}
      <p>
        {t('recharge.hours', {
          opens: hours.opens,
          closes: hours.closes,
          timeZone: formatTimeZone(hours.timeZone, currentLanguage()),
        })}
      </p>
    </section>
  );
}
