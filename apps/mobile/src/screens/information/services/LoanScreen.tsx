import { formatCash } from '@beurs/contract/decimal';
import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { checkAmount } from '../../../features/funds/amount-check';
import { newIdempotencyKey } from '../../../features/funds/idempotency';
import {
  fetchLoanPreview,
  useAdditionalCreditMutation,
  useRepayMutation,
} from '../../../features/services/mutations';
import { useLoan, type Loan, type LoanPreview } from '../../../features/services/queries';
import { EmptyState, LoadingOverlay } from '../../../shell/common';
import { Field, type FieldMessage } from '../../../shell/Field';
import { SummaryRows } from '../../../shell/SummaryRows';
import { showToast } from '../../../shell/toast';
import { formatBasisPoints } from '../../../features/trading/format';
import { formatDay } from './format';
import { LoanPreviewCard } from './LoanPreviewCard';
import styles from './services.module.css';

const WHOLE_EUROS = /^[1-9]\d{0,6}$/;

function RepayForm({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const repay = useRepayMutation();
  const [amountText, setAmountText] = useState('');
  const [error, setError] = useState<FieldMessage | undefined>();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { amount, error: problem } = checkAmount(amountText, {}, (value) =>
      formatCurrency(value, 'EUR', language),
    );
    setError(problem ?? undefined);
    if (amount === null) return;
    repay.mutate(
      { loanId: loan.id, amount: formatCash(amount), idempotencyKey },
      {
        onSuccess: () => {
          showToast(t('credit.repaid'), 2000);
          setAmountText('');
          setIdempotencyKey(newIdempotencyKey());
        },
      },
    );
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="repay-title">
      <h2 id="repay-title">{t('credit.repay')}</h2>
      <p className={styles.note}>{t('credit.repayNote')}</p>
      <Field
        label={t('credit.repayAmount')}
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        error={error}
        data-testid="repay-amount"
        onValueChange={setAmountText}
      />
      <Button block size="small" fill="none" onClick={() => setAmountText(loan.owed)} data-testid="repay-all">
        {t('credit.repayAll', { amount: formatCurrency(loan.owed, 'EUR', language) })}
      </Button>
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        loading={repay.isPending}
        data-testid="repay-submit"
      >
        {t('credit.repay')}
      </Button>
    </form>
  );
}

function AdditionalCreditForm({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const additional = useAdditionalCreditMutation();
  const [amountText, setAmountText] = useState('');
  const [error, setError] = useState<FieldMessage | undefined>();
  const [preview, setPreview] = useState<LoanPreview | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState('');

  const askPreview = async (event: FormEvent) => {
    event.preventDefault();
    const whole = amountText.trim();
    if (!WHOLE_EUROS.test(whole)) {
      setError({ key: 'errors.CREDIT_AMOUNT_NOT_WHOLE', values: {} });
      return;
    }
    setError(undefined);
    try {
      setPreview(await fetchLoanPreview(`${whole}.00`));
      setIdempotencyKey(newIdempotencyKey());
    } catch {
      setPreview(null);
    }
  };

  const confirm = () =>
    additional.mutate(
      { loanId: loan.id, amount: amountText.trim(), idempotencyKey },
      {
        onSuccess: () => {
          showToast(t('credit.additionalDone'), 2000);
          setPreview(null);
          setAmountText('');
        },
      },
    );

  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={(event) => void askPreview(event)}
        aria-labelledby="more-title"
      >
        <h2 id="more-title">{t('credit.additional')}</h2>
        <Field
          label={t('credit.additionalAmount')}
          inputMode="numeric"
          autoComplete="off"
          value={amountText}
          error={error}
          data-testid="additional-amount"
          onValueChange={(value) => {
            setAmountText(value);
            setPreview(null);
          }}
        />
        <Button block size="large" type="submit" data-testid="additional-preview">
          {t('credit.preview')}
        </Button>
      </form>
      {preview && (
        <>
          <LoanPreviewCard preview={preview} />
          <div className="actions">
            <Button block color="primary" size="large" loading={additional.isPending} onClick={confirm}>
              {t('credit.confirmAdditional')}
            </Button>
          </div>
        </>
      )}
    </>
  );
}

/** One loan (/information/loan?id=…): what is owed and why, repay, additional credit, the movements. */
export default function LoanScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [searchParams] = useSearchParams();
  const loan = useLoan(searchParams.get('id') ?? '');
  const eur = (amount: string) => formatCurrency(amount, 'EUR', language);
  if (loan.isPending && loan.fetchStatus !== 'idle') return <LoadingOverlay visible />;
  const data = loan.data;
  if (!data) return <EmptyState />;
  const state = data.isOverdue ? 'overdue' : data.state;
  return (
    <div data-testid="screen-loan">
      <section className="card">
        <h2>{t(`credit.states.${state}`)}</h2>
        <p className={styles.big} data-testid="loan-owed">
          {eur(data.owed)}
        </p>
        <SummaryRows
          rows={[
            { key: 'principal', label: t('credit.principalOwed'), value: eur(data.principalOwed) },
            { key: 'interestOwed', label: t('credit.interestOwed'), value: eur(data.interestOwed) },
            {
              key: 'borrowed',
              label: t('credit.borrowedTotal'),
              value: eur(data.borrowed),
              testId: 'loan-borrowed',
            },
            { key: 'accrued', label: t('credit.interestAccrued'), value: eur(data.interestAccrued) },
            { key: 'repaid', label: t('credit.repaidTotal'), value: eur(data.repaid), testId: 'loan-repaid' },
            {
              key: 'rate',
              label: t('credit.rate'),
              value: formatBasisPoints(data.rateBasisPoints, language),
            },
            { key: 'apr', label: t('credit.apr'), value: formatBasisPoints(data.aprBasisPoints, language) },
            { key: 'due', label: t('credit.dueOn'), value: formatDay(data.dueOn) },
          ]}
        />
        <p className={styles.note}>
          {data.accruedThrough
            ? t('credit.accruedThrough', { date: formatDay(data.accruedThrough) })
            : t('credit.noInterestYet')}
        </p>
      </section>
      {data.state === 'open' && (
        <>
          <section className="card">
            <RepayForm loan={data} />
          </section>
          <section className="card">
            <AdditionalCreditForm loan={data} />
          </section>
        </>
      )}
      <section className="card" aria-labelledby="movements-title">
        <h2 id="movements-title">{t('credit.movements')}</h2>
        <ul className={styles.badges}>
          {data.movements.map((movement) => (
            <li key={movement.id} data-testid={`movement-${movement.kind}`}>
              <span>
                {t(`credit.movementKinds.${movement.kind}`)}
                <br />
                <span className={styles.state}>{formatDateTime(movement.createdAt, language)}</span>
              </span>
              <span className={styles.points}>
                {movement.kind === 'repayment' ? '−' : '+'}
                {eur(movement.amount)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <p className={styles.pageNote}>{t('credit.neverWithdrawals')}</p>
    </div>
  );
}
