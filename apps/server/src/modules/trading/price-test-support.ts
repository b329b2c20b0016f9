import { formatDecimal, parseDecimal } from '@beurs/contract';

// Prices as the API writes them (4 decimals) and as tests compute with them (minor units).

/** A price text of the API in minor units (scale 4); throws on anything else. */
export function minor4(text: string): bigint {
  const minor = parseDecimal(text, 4);
  if (minor === null) throw new Error(`not a price: ${text}`);
  return minor;
}

/** Minor units (scale 4) as the API's price text. */
export const price4 = (minor: bigint): string => formatDecimal(minor, 4);
