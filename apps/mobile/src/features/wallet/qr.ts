import type { WalletNetwork } from '@beurs/contract/enums';
import type { QRCodeToDataURLOptions } from 'qrcode';

// QR codes are 256×256 at the highest error correction (DESIGN.md §2 "App", spec section 9).
export const QR_SIZE = 256;

export const qrOptions = {
  width: QR_SIZE,
  margin: 2,
  errorCorrectionLevel: 'H',
} as const satisfies QRCodeToDataURLOptions;

/** The payment URI a wallet app understands for an address; plain address where none is standard. */
export function paymentUri(network: WalletNetwork, address: string): string {
  if (network === 'BTC') return `bitcoin:${address}`;
  if (network === 'ETH') return `ethereum:${address}`;
  return address;
}
