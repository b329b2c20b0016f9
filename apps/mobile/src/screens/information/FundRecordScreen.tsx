import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../app/i18n';
import { useRecords, type RecordPage, type RecordTab } from '../../features/funds/queries';
import { EmptyState, Loading } from '../../shell/common';
import './wallet/wallet.css';

const tabs = ['all', 'trade', 'deposit', 'withdrawal', 'exchange'] as const satisfies readonly RecordTab[];

function RecordItem({ record }: { record: RecordPage['items'][number] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <li className="card wallet-item history-item" data-testid={`record-${record.id}-${record.currency}`}>
      <div className="history-head">
        <p>
          <strong>{t(`fundRecord.kinds.${record.kind}`, { defaultValue: record.kind })}</strong> ·{' '}
          {t('fundRecord.number', { id: record.id })}
        </p>
        {/* A freeze or a release moves money between available and frozen: nothing in or out. */}
        <p
          className="history-amount numeric"
          data-testid="record-amount"
          data-zero={/^-?0\.00$/.test(record.amount)}
        >
          {formatCurrency(record.amount, record.currency, language)}
        </p>
      </div>
      {record.availableChange !== record.amount && (
        <small className="numeric">
          {t('fundRecord.availableChange', {
            amount: formatCurrency(record.availableChange, record.currency, language),
          })}
        </small>
      )}
      {record.memo && <p className="history-note">{record.memo}</p>}
      <small className="history-time numeric">{formatDateTime(record.createdAt, language)}</small>
    </li>
  );
}

/**
 * Fund records (/information/fundRecord): every ledger entry of the user (staff corrections
 * included), newest first; tabs narrow it to trades, deposits, withdrawals or exchanges.
 */
export default function FundRecordScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<RecordTab>('all');
  const records = useRecords(tab);
  const items = records.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div data-testid="screen-fundRecord">
      <div className="wallet-actions pill-tabs scrolling" role="tablist">
        {tabs.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={tab === option}
            aria-pressed={tab === option}
            onClick={() => setTab(option)}
            data-testid={`record-tab-${option}`}
          >
            {t(`fundRecord.tabs.${option}`)}
          </button>
        ))}
      </div>
      {records.isPending ? (
        <Loading />
      ) : items.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="wallet-list">
          {items.map((record) => (
            // An exchange is one entry with a line per currency.
            <RecordItem key={`${record.id}-${record.currency}`} record={record} />
          ))}
        </ul>
      )}
      {records.hasNextPage && (
        <div className="actions">
          <Button block loading={records.isFetchingNextPage} onClick={() => void records.fetchNextPage()}>
            {t('fundRecord.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
