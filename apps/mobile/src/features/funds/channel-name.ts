import type { TFunction } from 'i18next';
import type { DepositChannels } from './queries';

type Channel = Pick<DepositChannels['channels'][number], 'kind' | 'name'>;

/**
 * A deposit channel as the user reads it: the demo channel (which the server names in English, for
 * operators) by its kind in the user's language; a channel staff created by the name they gave it.
 */
export const channelName = (channel: Channel, t: TFunction): string =>
  channel.kind === 'demo' ? t('rechargeChannel.kinds.demo') : channel.name;
