import { isValidIban, normaliseIban } from '@beurs/contract/rules';
import { useTranslation } from 'react-i18next';
import type { DepositChannels } from '../../../../features/funds/queries';
import { SummaryRows } from '../../../../shell/SummaryRows';
import styles from './wallet.module.css';

type Channel = DepositChannels['channels'][number];

/** An IBAN in groups of four, as banks print it ("BE71 0961 2345 6769"); anything else unchanged. */
export function groupIban(account: string): string {
  if (!isValidIban(account)) return account;
  return normaliseIban(account).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Where to send a deposit: beneficiary, IBAN (grouped), crypto address or a demo channel's
 * reference (never a bank account), BIC — one line each.
 */
export function CollectionAccount({ channel, testId }: { channel: Channel; testId?: string }) {
  const { t } = useTranslation();
  const isCrypto = channel.kind === 'crypto';
  const isDemo = channel.kind === 'demo';
  return (
    <SummaryRows
      className={styles.collectionAccount}
      data-testid={testId}
      rows={[
        { key: 'holder', label: t('bankCard.holder'), value: channel.beneficiaryName, isText: true },
        {
          key: 'account',
          label: isDemo ? t('demoDesk.reference') : isCrypto ? t('wallet.address') : t('bankCard.iban'),
          // The demo channel's reference is the server's English "DEMO - NO REAL MONEY": said in the user's language.
          value: isDemo
            ? t('demoDesk.noRealMoney')
            : isCrypto
              ? channel.collectionAccount
              : groupIban(channel.collectionAccount),
          isText: true,
        },
        ...(channel.bic ? [{ key: 'bic', label: t('bankCard.bic'), value: channel.bic }] : []),
      ]}
    />
  );
}
