import { formatDateTime } from '@beurs/i18n';
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, TOAST_DURATION_MS } from '../../../api/client';
import { currentLanguage, describeError } from '../../../app/i18n';
import { withScamCheck } from '../../../features/funds/scam-check';
import { useAddWalletMutation, useDeleteWalletMutation } from '../../../features/wallet/mutations';
import { walletNetworks, type WalletNetwork } from '@beurs/contract/enums';
import { paymentUri } from '../../../features/wallet/qr';
import { useTwoFactorStatus, useUserInfo } from '../../../features/user/queries';
import { normaliseTwoFactorCode, validateTwoFactorCode } from '../../../features/user/validation';
import { useWallet, type WalletAddress } from '../../../features/wallet/queries';
import { isAvailable, pathOf } from '../../../routes/paths';
import { Balances } from '../../../shell/Balances';
import { EmptyState, Loading, classNames } from '../../../shell/common';
import { Field } from '../../../shell/Field';
import { showToast } from '../../../shell/toast';
import { TwoFactorCodeField } from '../../../shell/TwoFactorCodeField';
import { AddressQr } from './wallet/AddressQr';
import { useScamCheckDialog } from './wallet/ScamCheckDialog';
import styles from './wallet/wallet.module.css';

// Deposit starts at the channel list: each channel says how it works and its limits before the form.
const actions = [
  { key: 'deposit', route: 'rechargeChannel' },
  { key: 'withdraw', route: 'cashOut' },
  { key: 'exchange', route: 'exChange' },
] as const;

function AddressItem({ address }: { address: WalletAddress }) {
  const { t } = useTranslation();
  const remove = useDeleteWalletMutation();
  const [isConfirming, setConfirming] = useState(false);
  return (
    <li className={classNames('card', styles.walletItem)} data-testid={`wallet-address-${address.id}`}>
      <p>
        <strong>{t(`wallet.networks.${address.network}`)}</strong>
        {address.label && ` · ${address.label}`}
      </p>
      <p className={styles.walletAddress}>{address.address}</p>
      <AddressQr
        value={paymentUri(address.network, address.address)}
        alt={t('wallet.qrAlt', { address: address.address })}
        data-testid={`wallet-qr-${address.id}`}
      />
      <small>{formatDateTime(address.createdAt, currentLanguage())}</small>
      <Button
        size="small"
        color="danger"
        fill="outline"
        loading={remove.isPending}
        onClick={() => setConfirming(true)}
        data-testid={`wallet-delete-${address.id}`}
      >
        {t('wallet.delete')}
      </Button>
      <Dialog
        visible={isConfirming}
        content={t('wallet.confirmDelete')}
        closeOnAction
        onClose={() => setConfirming(false)}
        onAction={(action) => {
          if (action.key === 'confirm') remove.mutate(address.id);
        }}
        actions={[
          [
            { key: 'cancel', text: t('common.cancel') },
            { key: 'confirm', text: t('common.confirm'), bold: true, danger: true },
          ],
        ]}
      />
    </li>
  );
}

function AddAddressForm() {
  const { t } = useTranslation();
  const add = useAddWalletMutation();
  const scam = useScamCheckDialog();
  const [network, setNetwork] = useState<WalletNetwork>('BTC');
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);
  // With two-factor sign-in on, a new address asks for a code as well (sent as twoFactorCode).
  const twoFactor = useTwoFactorStatus();
  const isCodeAsked = twoFactor.data?.isEnabled === true;
  const [twoFactorCode, setTwoFactorCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

  const submit = async () => {
    const trimmed = address.trim();
    const foundCode = isCodeAsked ? validateTwoFactorCode(twoFactorCode) : undefined;
    setCodeError(foundCode);
    if (trimmed.length < 20) {
      setError('wallet.addressRequired');
      return;
    }
    setError(undefined);
    if (foundCode) return;
    setBusy(true);
    try {
      const request = {
        network,
        address: trimmed,
        label: label.trim(),
        ...(isCodeAsked && { twoFactorCode: normaliseTwoFactorCode(twoFactorCode) }),
      };
      const result = await withScamCheck(() => add.mutateAsync(request), scam.ask);
      if (result.done) {
        setAddress('');
        setLabel('');
        showToast(t('wallet.added'), TOAST_DURATION_MS);
      }
    } catch (failure) {
      if (failure instanceof ApiError) showToast(describeError(failure), TOAST_DURATION_MS);
    } finally {
      // A code is good once: the next address needs the app's next code.
      setTwoFactorCode('');
      setBusy(false);
    }
  };

  return (
    <form
      className="form"
      data-testid="wallet-add"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className={classNames('section-title', styles.walletTitle)}>{t('wallet.addTitle')}</h2>
      <div className="field">
        <label htmlFor="wallet-network">{t('wallet.network')}</label>
        <select
          id="wallet-network"
          value={network}
          onChange={(event) => setNetwork(event.target.value as WalletNetwork)}
        >
          {walletNetworks.map((option) => (
            <option key={option} value={option}>
              {t(`wallet.networks.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t('wallet.address')}
        value={address}
        error={error}
        autoComplete="off"
        spellCheck={false}
        onValueChange={setAddress}
      />
      <Field label={t('wallet.label')} value={label} maxLength={40} onValueChange={setLabel} />
      {isCodeAsked && (
        <TwoFactorCodeField value={twoFactorCode} error={codeError} onValueChange={setTwoFactorCode} />
      )}
      <Button block color="primary" type="submit" loading={isBusy} disabled={twoFactor.isPending}>
        {t('wallet.add')}
      </Button>
      {scam.element}
    </form>
  );
}

/**
 * The wallet tab: the account totals per currency (as on the 'me' screen, from positions and the
 * ledger) with their actions, and the user's crypto addresses.
 */
export default function WalletScreen() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const info = useUserInfo();
  if (wallet.isPending || info.isPending) return <Loading />;
  if (!wallet.data) return <EmptyState />;
  const links = actions.filter((action) => isAvailable(action.route));
  return (
    <div data-testid="screen-wallet">
      {info.data && <Balances balances={info.data.balances} testIdPrefix="wallet-balance" />}
      {links.length > 0 && (
        <nav className={classNames('actions', styles.walletActions)}>
          {links.map((action) => (
            <Link key={action.key} to={pathOf(action.route)} data-testid={`wallet-${action.key}`}>
              {t(`wallet.${action.key}`)}
            </Link>
          ))}
        </nav>
      )}
      <h2 className={classNames('section-title', styles.walletTitle)}>{t('wallet.addresses')}</h2>
      {wallet.data.addresses.length === 0 ? (
        <EmptyState message={t('wallet.noAddresses')} />
      ) : (
        <ul className={styles.walletList}>
          {wallet.data.addresses.map((address) => (
            <AddressItem key={address.id} address={address} />
          ))}
        </ul>
      )}
      <AddAddressForm />
    </div>
  );
}
