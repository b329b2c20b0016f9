import { formatCurrency } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { channelName } from '../../../features/funds/channel-name';
import { useDepositChannels, type DepositChannels } from '../../../features/funds/queries';
import { pathOf } from '../../../routes/paths';
import { EmptyState, Loading, classNames } from '../../../shell/common';
import { CollectionAccount } from './wallet/CollectionAccount';
import { DepositTerms } from './wallet/DepositTerms';
import styles from './wallet/wallet.module.css';

type Channel = DepositChannels['channels'][number];

/** The deposit screen with this channel chosen (RechargeScreen reads `?channel=`). */
export const depositPathFor = (channelId: string) =>
  `${pathOf('recharge')}?channel=${encodeURIComponent(channelId)}`;

function ChannelItem({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = (value: string) => formatCurrency(value, channel.currency, language);
  return (
    <li>
      <Link
        className={classNames('card', styles.walletItem, styles.channelItem)}
        to={depositPathFor(channel.id)}
        data-testid={`channel-${channel.id}`}
        data-kind={channel.kind}
      >
        <p>
          <strong>{channelName(channel, t)}</strong>
        </p>
        <p className={styles.channelKind} data-testid="channel-kind">
          {t(`rechargeChannel.kinds.${channel.kind}`)}
        </p>
        <p>{t(`rechargeChannel.notes.${channel.kind}`, { currency: channel.currency })}</p>
        <p>{t('rechargeChannel.currency', { currency: channel.currency })}</p>
        <p className="numeric" data-testid="channel-limits">
          {channel.maximum === null
            ? t('recharge.limitsFrom', { minimum: money(channel.minimum) })
            : t('recharge.limits', { minimum: money(channel.minimum), maximum: money(channel.maximum) })}
        </p>
        <CollectionAccount channel={channel} />
        <span className={styles.channelChoose}>{t('rechargeChannel.choose')}</span>
      </Link>
    </li>
  );
}

/** Deposit channels (/information/rechargeChannel): the staff-configured channels; tap one to deposit. */
export default function RechargeChannelScreen() {
  const { t } = useTranslation();
  const channels = useDepositChannels();
  if (channels.isPending) return <Loading />;
  if (!channels.data) return <EmptyState />;
  const list = channels.data.channels;
  return (
    <div data-testid="screen-rechargeChannel">
      <DepositTerms terms={channels.data} />
      {list.length === 0 ? (
        <EmptyState message={t('rechargeChannel.none')} />
      ) : (
        <>
          <p className="section-title">{t('rechargeChannel.intro')}</p>
          <ul className={styles.walletList} aria-label={t('titles.rechargeChannel')}>
            {list.map((channel) => (
              <ChannelItem key={channel.id} channel={channel} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
