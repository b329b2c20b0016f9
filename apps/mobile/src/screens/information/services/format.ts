import { formatCash } from '@beurs/contract/decimal';
import type { Language } from '@beurs/contract/enums';
import { formatMoney } from '@beurs/i18n';

/** 1268 basis points → `12.68 %` (`12,68 %` in de, nl, fr). */
export const formatBasisPoints = (basisPoints: number, language: Language): string =>
  `${formatMoney(formatCash(BigInt(basisPoints)), language)} %`;

/** `2027-03-02` → `2027.03.02`, the spec's date order. */
export const formatDay = (day: string): string => day.replaceAll('-', '.');
