import { SIMULATOR_SOURCE } from '@beurs/contract/rules';
import type { TFunction } from 'i18next';

/** A price or rate source as the user reads it: the demo simulator in their language, a vendor as named. */
export const sourceName = (source: string, t: TFunction): string =>
  source === SIMULATOR_SOURCE ? t('market.source.simulator') : source;
