import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '../../../api/client';
import { fetchReport, saveFile, type ReportFormat } from '../../../features/trading/report-file';
import { useUserInfo } from '../../../features/user/queries';
import { showToast } from '../../../shell/toast';
import styles from '../trade.module.css';

/** The years the account existed, newest first (at least the current one). */
function yearsOf(createdAt: string | undefined, now: Date): number[] {
  const last = now.getUTCFullYear();
  const first = Math.min(createdAt ? new Date(createdAt).getUTCFullYear() : last, last);
  return Array.from({ length: last - first + 1 }, (_, index) => last - index);
}

/**
 * The trade report of a calendar year (issue 11 item 7): every fill with its fee and TOB, every
 * dividend with its withholding tax, as CSV and as PDF. A refusal shows as the app's toast.
 */
export function TradeReport() {
  const { t } = useTranslation();
  const info = useUserInfo();
  const years = yearsOf(info.data?.createdAt, new Date());
  const [year, setYear] = useState(years[0] ?? new Date().getUTCFullYear());
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      const { fileName, blob } = await fetchReport(year, format);
      saveFile(fileName, blob);
      showToast(t('trade.report.saved', { file: fileName }), TOAST_DURATION_MS);
    } catch {
      // The API client has shown the refusal.
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="card" data-testid="trade-report">
      <h2 className={styles.tradeCardTitle}>{t('trade.report.title')}</h2>
      <p className={styles.tradeReportIntro}>{t('trade.report.intro')}</p>
      <div className={styles.tradeReportRow}>
        <label htmlFor="trade-report-year">{t('trade.report.year')}</label>
        <select
          id="trade-report-year"
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
          data-testid="trade-report-year"
        >
          {years.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.tradeReportButtons}>
        <Button
          size="small"
          fill="outline"
          color="primary"
          loading={busy === 'csv'}
          disabled={busy !== null}
          onClick={() => void download('csv')}
          data-testid="trade-report-csv"
        >
          {t('trade.report.csv')}
        </Button>
        <Button
          size="small"
          fill="outline"
          color="primary"
          loading={busy === 'pdf'}
          disabled={busy !== null}
          onClick={() => void download('pdf')}
          data-testid="trade-report-pdf"
        >
          {t('trade.report.pdf')}
        </Button>
      </div>
    </section>
  );
}
