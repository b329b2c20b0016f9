import { formatCurrency, formatDateTime, formatTimeZone } from '@beurs/i18n';
import { Button, Dialog } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { cashFromWire, formatCash } from '@beurs/contract/decimal';
import { checkAmount } from '../../../features/funds/amount-check';
import { newIdempotencyKey } from '../../../features/funds/idempotency';
import { useCancelWithdrawalMutation, useCashOutMutation } from '../../../features/funds/mutations';
import {
  useBankCards,
  useWithdrawalRules,
  useWithdrawals,
  type Withdrawal,
  type WithdrawalRules,
} from '../../../features/funds/queries';
import { isSixDigits } from '../../../features/identity/fund-password';
import { useTwoFactorStatus } from '../../../features/user/queries';
import { normaliseTwoFactorCode, validateTwoFactorCode } from '../../../features/user/validation';
import { pathOf } from '../../../routes/paths';
import { EmptyState, Loading, classNames } from '../../../shell/common';
import { DecidedBy, reviewReasonText } from '../../../shell/Decision';
import { Field, fieldMessageText, type FieldMessage } from '../../../shell/Field';
import { SummaryRows } from '../../../shell/SummaryRows';
import { showToast } from '../../../shell/toast';
import { TwoFactorCodeField } from '../../../shell/TwoFactorCodeField';
import { ConfirmDialog } from '../../trade/components/ConfirmDialog';
import styles from './wallet/wallet.module.css';

/** Every rule that applies, met or not, listed before the amount field (DESIGN.md §1.4). */
export function RulesList({ rules }: { rules: WithdrawalRules }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = (value: string) => formatCurrency(value, rules.currency, language);
  const params = {
    minimum: money(rules.minimum),
    minimumPayout: money(rules.minimumPayout),
    withdrawable: money(rules.withdrawable),
    opens: rules.hours.opens,
    closes: rules.hours.closes,
    timeZone: formatTimeZone(rules.hours.timeZone, language),
  };
  // With a fee, the minimum also says what reaches the card: the fee comes out of the amount.
  const hasFee = cashFromWire(rules.fee) > 0n;
  const textKey = (id: string) =>
    id === 'minimum' && hasFee
      ? 'minimumAfterFee'
      : id === 'hours' && rules.hours.businessDaysOnly
        ? 'hoursBusinessDays'
        : id;
  return (
    <section className="card" data-testid="cash-out-rules">
      <h2>{t('cashOut.rulesTitle')}</h2>
      <ul className={styles.rulesList}>
        {rules.rules.map((rule) => (
          <li key={rule.id} data-testid={`rule-${rule.id}`} data-met={rule.isMet}>
            <span aria-hidden="true">{rule.isMet ? '✓' : '✗'}</span>
            <span>
              {t(`cashOut.rules.${textKey(rule.id)}`, params)}
              <span className="visually-hidden"> {rule.isMet ? t('cashOut.met') : t('cashOut.notMet')}</span>
            </span>
          </li>
        ))}
      </ul>
      <p>{t('cashOut.feeRule', { fee: money(rules.fee) })}</p>
      <p>{t('cashOut.decisionRule', { hours: rules.decisionWithinHours })}</p>
    </section>
  );
}

type ItemProps = {
  withdrawal: Withdrawal;
  onCancel: (withdrawal: Withdrawal) => void;
  isCancelling: boolean;
};

function WithdrawalItem({ withdrawal, onCancel, isCancelling }: ItemProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <li
      className={classNames('card', styles.walletItem, styles.historyItem)}
      data-testid={`withdrawal-${withdrawal.id}`}
    >
      <div className={styles.historyHead}>
        <p className={`status status-${withdrawal.state}`}>{t(`cashOut.states.${withdrawal.state}`)}</p>
        <p className={classNames(styles.historyAmount, 'numeric')}>
          {formatCurrency(withdrawal.amount, withdrawal.currency, language)}
        </p>
      </div>
      <small className={classNames(styles.historyTime, 'numeric')}>
        {formatDateTime(withdrawal.createdAt, language)}
      </small>
      {withdrawal.state === 'pending' && (
        <p data-testid="withdrawal-waiting">
          {t(`cashOut.waitingFor.${withdrawal.waitingFor}`, {
            decideBy: formatDateTime(withdrawal.decideBy, language),
          })}
        </p>
      )}
      {withdrawal.reason && <p className={styles.historyNote}>{reviewReasonText(withdrawal.reason)}</p>}
      <DecidedBy decider={withdrawal.decidedBy} className={styles.historyNote} />
      {withdrawal.state === 'pending' && (
        <Button
          size="small"
          fill="outline"
          loading={isCancelling}
          data-testid={`withdrawal-cancel-${withdrawal.id}`}
          onClick={() => onCancel(withdrawal)}
        >
          {t('cashOut.cancel')}
        </Button>
      )}
    </li>
  );
}

type Review = { amount: string; fee: string; payout: string; cardId: string; idempotencyKey: string };

function CashOutForm({ rules }: { rules: WithdrawalRules }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const cards = useBankCards();
  const cashOut = useCashOutMutation();
  const [amountText, setAmountText] = useState('');
  const [cardId, setCardId] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  // With two-factor sign-in on, the withdrawal asks for a code as well (sent as twoFactorCode).
  const twoFactor = useTwoFactorStatus();
  const isCodeAsked = twoFactor.data?.isEnabled === true;
  const [twoFactorCode, setTwoFactorCode] = useState('');
  const [errors, setErrors] = useState<Record<string, FieldMessage>>({});
  const [review, setReview] = useState<Review | null>(null);
  const money = (value: string) => formatCurrency(value, rules.currency, language);
  const list = cards.data ?? [];
  const chosenCard = cardId || list[0]?.id || '';
  const cardText = (id: string) => {
    const card = list.find((item) => item.id === id);
    return card ? `${card.bankName} · ${card.ibanMasked}` : '';
  };
  // In the dialog a long bank name wraps before the masked IBAN, never inside it.
  const cardLine = (id: string) => {
    const card = list.find((item) => item.id === id);
    return (
      card && (
        <>
          {card.bankName} · <span className="nowrap">{card.ibanMasked}</span>
        </>
      )
    );
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    // Until the cards have loaded, "no card" would be a false refusal: wait for them.
    if (cards.isPending) return;
    const { amount, error } = checkAmount(
      amountText,
      { minimum: rules.minimum, withdrawable: rules.withdrawable },
      (value) => formatCurrency(value, rules.currency, language),
    );
    const found: Record<string, FieldMessage> = {};
    if (error) found.amount = error;
    if (!chosenCard) found.card = 'cashOut.cardRequired';
    if (!isSixDigits(fundPassword)) found.fundPassword = 'fundPass.sixDigits';
    const codeError = isCodeAsked ? validateTwoFactorCode(twoFactorCode) : undefined;
    if (codeError) found.twoFactorCode = codeError;
    setErrors(found);
    if (Object.keys(found).length > 0 || amount === null) return;
    setReview({
      amount: formatCash(amount),
      fee: rules.fee,
      // The fee comes out of the amount withdrawn, never on top.
      payout: formatCash(amount - cashFromWire(rules.fee)),
      cardId: chosenCard,
      idempotencyKey: newIdempotencyKey(),
    });
  };

  const confirm = () => {
    if (!review) return;
    cashOut.mutate(
      {
        request: {
          currency: rules.currency,
          amount: review.amount,
          cardId: review.cardId,
          fundPassword,
          ...(isCodeAsked && { twoFactorCode: normaliseTwoFactorCode(twoFactorCode) }),
        },
        idempotencyKey: review.idempotencyKey,
      },
      {
        onSuccess: () => {
          setAmountText('');
          setFundPassword('');
          showToast(t('cashOut.submitted'), 2000);
        },
        // A code is good once: after any answer the next attempt needs the app's next code.
        onSettled: () => {
          setReview(null);
          setTwoFactorCode('');
        },
      },
    );
  };

  return (
    <form className="form" noValidate onSubmit={check} data-testid="cash-out-form">
      <Field
        label={t('cashOut.amount', { currency: rules.currency })}
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        error={errors.amount}
        onValueChange={setAmountText}
      />
      <div className="field">
        <label htmlFor="cash-out-card">{t('cashOut.card')}</label>
        {cards.isPending ? (
          <Loading id="cash-out-card" className="field-loading" />
        ) : list.length === 0 ? (
          <Link
            to={pathOf('addBankCard')}
            className={classNames('text-link', styles.fieldLink)}
            id="cash-out-card"
          >
            {t('bankCard.add')}
          </Link>
        ) : (
          <select id="cash-out-card" value={chosenCard} onChange={(event) => setCardId(event.target.value)}>
            {list.map((card) => (
              <option key={card.id} value={card.id}>
                {cardText(card.id)}
              </option>
            ))}
          </select>
        )}
        {errors.card && (
          <p className="field-error" role="alert">
            {fieldMessageText(t, errors.card)}
          </p>
        )}
      </div>
      <Field
        label={t('cashOut.fundPassword')}
        type="password"
        inputMode="numeric"
        maxLength={6}
        autoComplete="off"
        value={fundPassword}
        error={errors.fundPassword}
        onValueChange={setFundPassword}
      />
      {isCodeAsked && (
        <TwoFactorCodeField
          value={twoFactorCode}
          error={errors.twoFactorCode}
          onValueChange={setTwoFactorCode}
        />
      )}
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        disabled={cards.isPending || twoFactor.isPending}
      >
        {t('cashOut.review')}
      </Button>
      <Dialog
        visible={review !== null}
        title={t('cashOut.confirmTitle')}
        content={
          review && (
            <SummaryRows
              data-testid="cash-out-review"
              rows={[
                { key: 'amount', label: t('cashOut.confirmAmount'), value: money(review.amount) },
                { key: 'fee', label: t('cashOut.confirmFee'), value: money(review.fee) },
                {
                  key: 'payout',
                  label: t('cashOut.confirmPayout'),
                  value: money(review.payout),
                  testId: 'cash-out-payout',
                  isTotal: true,
                },
                { key: 'card', label: t('cashOut.card'), value: cardLine(review.cardId), isText: true },
              ]}
            />
          )
        }
        onClose={() => setReview(null)}
        actions={[
          [
            { key: 'cancel', text: t('common.cancel'), onClick: () => setReview(null) },
            {
              key: 'confirm',
              text: t('cashOut.confirm'),
              bold: true,
              disabled: cashOut.isPending,
              onClick: confirm,
            },
          ],
        ]}
      />
    </form>
  );
}

/** Withdraw (/information/cashOut): the rules first, then amount, own card and fund password. */
export default function CashOutScreen() {
  const { t } = useTranslation();
  const rules = useWithdrawalRules();
  const withdrawals = useWithdrawals();
  const cancel = useCancelWithdrawalMutation();
  const [toCancel, setToCancel] = useState<Withdrawal | null>(null);
  if (rules.isPending) return <Loading />;
  if (!rules.data) return <EmptyState />;
  const items = withdrawals.data?.items ?? [];
  return (
    <div data-testid="screen-cashOut">
      <RulesList rules={rules.data} />
      <CashOutForm rules={rules.data} />
      {items.length > 0 && (
        <>
          <h2 className="section-title">{t('cashOut.history')}</h2>
          <ul className={styles.walletList}>
            {items.map((withdrawal) => (
              <WithdrawalItem
                key={withdrawal.id}
                withdrawal={withdrawal}
                onCancel={setToCancel}
                isCancelling={cancel.isPending && cancel.variables === withdrawal.id}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        content={toCancel ? t('cashOut.cancelConfirm') : null}
        confirmText={t('cashOut.cancel')}
        isDanger
        onClose={() => setToCancel(null)}
        onConfirm={() => {
          if (!toCancel) return;
          cancel.mutate(toCancel.id, { onSuccess: () => showToast(t('cashOut.cancelDone'), 2_000) });
        }}
      />
    </div>
  );
}
