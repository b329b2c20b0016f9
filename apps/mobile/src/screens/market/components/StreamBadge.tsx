import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { StreamStatus } from '../../../features/market/quote-stream';
import { POLL_MS } from '../../../features/market/queries';
import { classNames } from '../../../shell/common';
import styles from '../market.module.css';

/** Whether prices arrive live or are polled while the live connection is down. */
export function StreamBadge({
  status,
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { status: StreamStatus; 'data-testid'?: string }) {
  const { t } = useTranslation();
  const isLive = status === 'open';
  return (
    <span
      className={classNames(styles.streamBadge, isLive ? styles.streamLive : styles.streamPolling, className)}
      data-testid="stream-status"
      data-status={status}
      {...rest}
    >
      {isLive
        ? t('market.stream.live')
        : status === 'connecting'
          ? t('market.stream.connecting')
          : t('market.stream.polling', { seconds: POLL_MS / 1000 })}
    </span>
  );
}
