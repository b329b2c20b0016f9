import { toString as qrToString } from 'qrcode';
import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { QR_SIZE, qrOptions } from '../../../../features/wallet/qr';
import styles from './wallet.module.css';

/** A QR code of `value`, 256×256 at the highest error correction, drawn as SVG (no canvas). */
export function AddressQr({
  value,
  ...rest
}: { value: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'>) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void qrToString(value, { ...qrOptions, type: 'svg' }).then((svg) => {
      if (isCurrent) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      isCurrent = false;
    };
  }, [value]);
  if (src === null)
    return <span className={styles.qrPlaceholder} style={{ width: QR_SIZE, height: QR_SIZE }} />;
  return <img src={src} width={QR_SIZE} height={QR_SIZE} {...rest} />;
}
