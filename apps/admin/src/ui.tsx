import { uploadFilePath } from '@beurs/contract/paths';
import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { Alert, Button, Empty, Image, Input, Modal, Radio, Result, Skeleton, Space, Tag } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { api } from './api';
import { useI18n } from './i18n';

// Pieces every screen uses: loading, empty and error states, money and times in the chosen
// language, the SLA clock of a waiting item, a private image (ID photo, deposit proof), and the
// reason dialog every staff action asks for.

export function Loadable<T>(props: {
  query: { data: T | undefined; isLoading: boolean; error: unknown; refetch: () => unknown };
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}) {
  const { t, errorText } = useI18n();
  const { query } = props;
  if (query.isLoading) return <Skeleton active />;
  if (query.error || query.data === undefined) {
    return (
      <Result
        status="warning"
        title={query.error ? errorText(query.error) : t('common.failed')}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (props.isEmpty?.(query.data)) return <Empty description={props.emptyText ?? t('common.empty')} />;
  return <>{props.children(query.data)}</>;
}

export function useFormat() {
  const { texts } = useI18n();
  return {
    money: (amount: string, currency: 'EUR' | 'USD') => formatCurrency(amount, currency, texts.language),
    time: (instant: string) => formatDateTime(instant, texts.language),
  };
}

function spokenDuration(ms: number, t: (path: string, params?: Record<string, number>) => string) {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 60) return t('sla.minutes', { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('sla.hours', { n: hours, m: minutes % 60 });
  return t('sla.days', { n: Math.floor(hours / 24) });
}

/** How long an item has waited; with a deadline, the time left (red once past). Ticks each minute. */
export function SlaClock(props: { since: string; dueAt?: string; targetHours?: number }) {
  const { t } = useI18n();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const due = props.dueAt
    ? Date.parse(props.dueAt)
    : Date.parse(props.since) + (props.targetHours ?? 24) * 3_600_000;
  const left = due - now;
  const waited = spokenDuration(now - Date.parse(props.since), t);
  const color = left < 0 ? 'red' : left < 4 * 3_600_000 ? 'orange' : 'green';
  return (
    <Tag color={color} data-testid="sla">
      {left < 0
        ? t('sla.overdue', { waited, late: spokenDuration(left, t) })
        : t('sla.left', { waited, left: spokenDuration(left, t) })}
    </Tag>
  );
}

/** A private upload, fetched with the staff token (the server audits the view). */
export function PrivateImage(props: { id: string; alt: string; width?: number }) {
  const { t } = useI18n();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let isLive = true;
    setUrl(null);
    setFailed(false);
    api
      .fetchFile(uploadFilePath(props.id))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (isLive) setUrl(objectUrl);
      })
      .catch(() => isLive && setFailed(true));
    return () => {
      isLive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [props.id]);
  if (failed) return <Alert type="warning" title={t('common.imageFailed')} />;
  if (!url) return <Skeleton.Image active />;
  return <Image src={url} alt={props.alt} width={props.width ?? 320} />;
}

/**
 * Asks for the reason of an action (shown to the user for rejections; kept in the audit log):
 * one of `presets` or free text. Enter confirms, Escape cancels.
 */
export function ReasonDialog(props: {
  open: boolean;
  title: string;
  presets: string[];
  danger?: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const { t, errorText } = useI18n();
  const [choice, setChoice] = useState(0);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  useEffect(() => {
    if (props.open) {
      setChoice(props.presets.length ? 0 : -1);
      setText('');
      setError(null);
    }
  }, [props.open, props.presets.length]);
  const reason = choice >= 0 ? (props.presets[choice] ?? '') : text.trim();
  const isValid = reason.length >= 3;
  // Keyboard: 1–9 pick a listed reason (outside the text field), Enter confirms.
  useEffect(() => {
    if (!props.open) return;
    const onKey = (event: KeyboardEvent) => {
      const isTyping = (event.target as HTMLElement | null)?.tagName === 'TEXTAREA';
      if (!isTyping && /^[1-9]$/.test(event.key) && Number(event.key) <= props.presets.length) {
        event.preventDefault();
        setChoice(Number(event.key) - 1);
      } else if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        void confirmRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [props.open, props.presets.length]);
  const confirm = async () => {
    if (!isValid || isBusy) return;
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm(reason);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };
  const confirmRef = useRef(confirm);
  confirmRef.current = confirm;
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onCancel}
      onOk={() => void confirm()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: props.danger, disabled: !isValid, loading: isBusy }}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {error && <Alert type="error" title={error} role="alert" />}
        <Radio.Group value={choice} onChange={(event) => setChoice(event.target.value as number)}>
          <Space orientation="vertical">
            {props.presets.map((preset, index) => (
              <Radio key={preset} value={index}>
                {`${index + 1}. ${preset}`}
              </Radio>
            ))}
            <Radio value={-1}>{t('review.otherReason')}</Radio>
          </Space>
        </Radio.Group>
        <Input.TextArea
          aria-label={t('review.reason')}
          placeholder={t('review.reasonPlaceholder')}
          value={text}
          maxLength={500}
          onChange={(event) => {
            setText(event.target.value);
            setChoice(-1);
          }}
        />
      </Space>
    </Modal>
  );
}
