import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, TOAST_DURATION_MS } from '../../../api/client';
import { currentLanguage, describeError } from '../../../app/i18n';
import { formatCash } from '@beurs/contract/decimal';
import { checkAmount } from '../../../features/funds/amount-check';
import { channelName } from '../../../features/funds/channel-name';
import { newIdempotencyKey } from '../../../features/funds/idempotency';
import {
  uploadProof,
  useCancelDepositMutation,
  useRechargeMutation,
} from '../../../features/funds/mutations';
import {
  useDepositChannels,
  useDeposits,
  type Deposit,
  type DepositChannels,
} from '../../../features/funds/queries';
import { withScamCheck } from '../../../features/funds/scam-check';
import { EmptyState, Loading, LoadingOverlay, classNames } from '../../../shell/common';
import { DecidedBy, reviewReasonText } from '../../../shell/Decision';
import { Field, fieldMessageText, type FieldMessage } from '../../../shell/Field';
import { showToast } from '../../../shell/toast';
import { ConfirmDialog } from '../../trade/components/ConfirmDialog';
import { CollectionAccount } from './wallet/CollectionAccount';
import { DepositTerms } from './wallet/DepositTerms';
import { useIdentityGate } from './wallet/IdentityGate';
import { useScamCheckDialog } from './wallet/ScamCheckDialog';
import styles from './wallet/wallet.module.css';

type Channel = DepositChannels['channels'][number];

type ItemProps = {
  deposit: Deposit;
  channel?: Channel;
  onCancel: (deposit: Deposit) => void;
  isCancelling: boolean;
};

function DepositItem({ deposit, channel, onCancel, isCancelling }: ItemProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <li
      className={classNames('card', styles.walletItem, styles.historyItem)}
      data-testid={`deposit-${deposit.id}`}
    >
      <div className={styles.historyHead}>
        <p className={`status status-${deposit.state}`}>{t(`recharge.states.${deposit.state}`)}</p>
        <p className={classNames(styles.historyAmount, 'numeric')}>
          {formatCurrency(deposit.amount, deposit.currency, language)}
        </p>
      </div>
      <small className={classNames(styles.historyTime, 'numeric')}>
        {formatDateTime(deposit.createdAt, language)}
      </small>
      {deposit.state === 'pending' && (
        <>
          <p>{t('recharge.transferTo')}</p>
          {channel && <CollectionAccount channel={channel} />}
          <p>
            {t('recharge.reference')}{' '}
            <strong className={styles.walletAddress} data-testid="deposit-reference">
              {deposit.reference}
            </strong>
          </p>
          <p className={styles.historyNote} data-testid="deposit-decide-by">
            {t('recharge.decideBy', { decideBy: formatDateTime(deposit.decideBy, language) })}
          </p>
        </>
      )}
      {deposit.reason && <p className={styles.historyNote}>{reviewReasonText(deposit.reason)}</p>}
      <DecidedBy decider={deposit.decidedBy} className={styles.historyNote} />
      {deposit.state === 'pending' && (
        <Button
          size="small"
          fill="outline"
          loading={isCancelling}
          data-testid={`deposit-cancel-${deposit.id}`}
          onClick={() => onCancel(deposit)}
        >
          {t('recharge.cancel')}
        </Button>
      )}
    </li>
  );
}

function DepositForm({ channel, isBlocked }: { channel: Channel; isBlocked: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const recharge = useRechargeMutation();
  const scam = useScamCheckDialog();
  const [amountText, setAmountText] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const proofInput = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<Record<string, FieldMessage>>({});
  const [isBusy, setBusy] = useState(false);
  const money = (value: string) => formatCurrency(value, channel.currency, language);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { amount, error } = checkAmount(
      amountText,
      { minimum: channel.minimum, maximum: channel.maximum },
      money,
    );
    const found: Record<string, FieldMessage> = {};
    if (error) found.amount = error;
    if (!proof) found.proof = 'recharge.proofRequired';
    setErrors(found);
    if (Object.keys(found).length > 0 || amount === null || !proof) return;
    setBusy(true);
    try {
      const proofImageId = await uploadProof(proof);
      const idempotencyKey = newIdempotencyKey();
      const request = { channelId: channel.id, amount: formatCash(amount), proofImageId };
      const result = await withScamCheck(() => recharge.mutateAsync({ request, idempotencyKey }), scam.ask);
      if (result.done) {
        // Announced: the next deposit starts empty, its proof included.
        setAmountText('');
        setProof(null);
        if (proofInput.current) proofInput.current.value = '';
        showToast(t('recharge.submitted'), TOAST_DURATION_MS);
      }
    } catch (failure) {
      if (failure instanceof ApiError) showToast(describeError(failure), TOAST_DURATION_MS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)} data-testid="deposit-form">
      <Field
        label={t('cashOut.amount', { currency: channel.currency })}
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        error={errors.amount}
        onValueChange={setAmountText}
      />
      <p className="form-footer">
        {channel.maximum === null
          ? t('recharge.limitsFrom', { minimum: money(channel.minimum) })
          : t('recharge.limits', { minimum: money(channel.minimum), maximum: money(channel.maximum) })}
      </p>
      <div className="field">
        <label htmlFor="deposit-proof">{t('recharge.proof')}</label>
        <input
          id="deposit-proof"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          ref={proofInput}
          data-testid="deposit-proof"
          onChange={(event) => setProof(event.target.files?.[0] ?? null)}
        />
        {errors.proof && (
          <p className="field-error" role="alert">
            {fieldMessageText(t, errors.proof)}
          </p>
        )}
      </div>
      <p className="form-footer">{t('recharge.ownAccount')}</p>
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        loading={isBusy}
        disabled={isBlocked}
        data-testid="deposit-submit"
      >
        {t('recharge.submit')}
      </Button>
      <LoadingOverlay visible={isBusy} />
      {scam.element}
    </form>
  );
}

/**
 * Deposit (/information/recharge): channels, limits, hours, proof, and the pending deposit's reference.
 * `?channel=<id>` (from /information/rechargeChannel) preselects a channel.
 */
export default function RechargeScreen() {
  const { t } = useTranslation();
  const channels = useDepositChannels();
  const deposits = useDeposits();
  // Preselected by the channel screen (`?channel=<id>`); the picker below still changes it.
  const [searchParams] = useSearchParams();
  const [channelId, setChannelId] = useState(() => searchParams.get('channel') ?? '');
  const cancel = useCancelDepositMutation();
  const [toCancel, setToCancel] = useState<Deposit | null>(null);
  const gate = useIdentityGate();
  if (channels.isPending || gate.isPending) return <Loading />;
  if (!channels.data) return <EmptyState />;
  const list = channels.data.channels;
  const chosen = list.find((channel) => channel.id === channelId) ?? list[0];
  const items = deposits.data?.items ?? [];
  return (
    <div data-testid="screen-recharge">
      {gate.notice && <div className={styles.gateBlock}>{gate.notice}</div>}
      <DepositTerms terms={channels.data} />
      {!chosen ? (
        <EmptyState message={t('recharge.noChannels')} />
      ) : (
        <>
          <div className="form">
            <div className="field">
              <label htmlFor="deposit-channel">{t('recharge.channel')}</label>
              <select
                id="deposit-channel"
                value={chosen.id}
                onChange={(event) => setChannelId(event.target.value)}
              >
                {list.map((channel) => (
                  <option key={channel.id} value={channel.id}>
                    {`${channelName(channel, t)} (${channel.currency})`}
                  </option>
                ))}
              </select>
            </div>
            <CollectionAccount channel={chosen} testId="deposit-account" />
          </div>
          <DepositForm key={chosen.id} channel={chosen} isBlocked={gate.isBlocked} />
        </>
      )}
      {items.length > 0 && (
        <>
          <h2 className="section-title">{t('recharge.history')}</h2>
          <ul className={styles.walletList}>
            {items.map((deposit) => (
              <DepositItem
                key={deposit.id}
                deposit={deposit}
                channel={list.find((channel) => channel.id === deposit.channelId)}
                onCancel={setToCancel}
                isCancelling={cancel.isPending && cancel.variables === deposit.id}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        content={toCancel ? t('recharge.cancelConfirm') : null}
        confirmText={t('recharge.cancel')}
        isDanger
        onClose={() => setToCancel(null)}
        onConfirm={() => {
          if (!toCancel) return;
          cancel.mutate(toCancel.id, { onSuccess: () => showToast(t('recharge.cancelDone'), 2_000) });
        }}
      />
    </div>
  );
}
