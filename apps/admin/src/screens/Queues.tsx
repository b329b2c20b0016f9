import {
  PROFESSIONAL_RULES,
  type ProfessionalCriterion,
  type WithdrawalBarReason,
} from '@beurs/contract/enums';
import { adminPaths, adminProfessionalPaths } from '@beurs/contract/paths';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Input, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { api } from '../api';
import { useI18n } from '../i18n';
import { useSession, type StaffCall } from '../session';
import { Loadable, PrivateImage, ReasonDialog, SlaClock, useFormat } from '../ui';

// The review queues, oldest first, with the SLA clock of each item: identities, deposits,
// withdrawals, balance corrections, professional-client applications, withdrawal bars asked by
// staff (another staff member decides), and the supervisors' queues of deposits and withdrawals
// past their decide-by time (escalated). The selected item's detail sits beside the list; approve
// and reject take a reason (a listed one or free text). Keyboard: ↑/↓ (or k/j) choose, A
// approves, R rejects; in the dialog 1–9 pick a reason and Enter confirms.

type Kind =
  | 'identity'
  | 'deposits'
  | 'withdrawals'
  | 'corrections'
  | 'professional'
  | 'withdrawalBars'
  | 'escalatedDeposits'
  | 'escalatedWithdrawals';
type Row = { id: string; createdAt: string };
type Page<T> = { total: number; items: T[] };

type Queue<T extends Row> = {
  list: StaffCall;
  review: StaffCall;
  load: () => Promise<Page<T>>;
  decide: (id: string, decision: 'approve' | 'reject', reason: string) => Promise<unknown>;
  columns: (row: T) => ReactNode[];
  headers: string[];
  detail: (row: T) => ReactNode;
  /** Why this staff member may not decide the item (shown; the server refuses too). */
  blockedBecause?: (row: T) => string | null;
  approveReasons: string[];
  rejectReasons: string[];
  dueAt?: (row: T) => string;
  /** A line above the list saying what the queue holds. */
  help?: string;
};

const PAGE = { pageSize: 100 };

function useQueues(): Record<Kind, Queue<Row>> {
  const { t } = useI18n();
  const format = useFormat();
  const { session } = useSession();
  const identity: Queue<IdentityRow> = {
    list: 'identityList',
    review: 'identityReview',
    load: () => api.call(adminPaths.identityList, PAGE, { quiet: true }),
    decide: (id, decision, reason) =>
      api.call(adminPaths.identityReview, { id, decision, reason }, { quiet: true }),
    headers: [t('fields.account'), t('fields.name'), t('fields.document')],
    columns: (row) => [row.account, row.realname, t(`documentTypes.${row.documentType}`)],
    detail: (row) => (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label={t('fields.account')}>{row.account}</Descriptions.Item>
          <Descriptions.Item label={t('fields.name')}>{row.realname}</Descriptions.Item>
          <Descriptions.Item label={t('fields.document')}>
            {t(`documentTypes.${row.documentType}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.documentNumber')}>{row.documentNumber}</Descriptions.Item>
        </Descriptions>
        <Space wrap>
          <PrivateImage id={row.frontImageId} alt={t('review.front')} />
          <PrivateImage id={row.backImageId} alt={t('review.back')} />
        </Space>
      </Space>
    ),
    approveReasons: [t('reasons.identityApproved')],
    rejectReasons: [
      t('reasons.photoUnreadable'),
      t('reasons.dataMismatch'),
      t('reasons.documentExpired'),
      t('reasons.numberInvalid'),
    ],
  };
  const deposits: Queue<DepositRow> = {
    list: 'depositList',
    review: 'depositReview',
    load: () => api.call(adminPaths.depositList, PAGE, { quiet: true }),
    decide: (id, decision, reason) =>
      api.call(adminPaths.depositReview, { id, decision, reason }, { quiet: true }),
    headers: [t('fields.account'), t('fields.channel'), t('fields.amount')],
    columns: (row) => [row.account, row.channelName, format.money(row.amount, row.currency)],
    detail: (row) => (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label={t('fields.account')}>{row.account}</Descriptions.Item>
          <Descriptions.Item label={t('fields.name')}>{row.realname}</Descriptions.Item>
          <Descriptions.Item label={t('fields.channel')}>{row.channelName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.amount')}>
            {format.money(row.amount, row.currency)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.reference')} span={2}>
            <Typography.Text copyable>{row.reference}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Text type="secondary">{t('review.matchHelp')}</Typography.Text>
        <DepositMatching key={row.id} row={row} />
        <PrivateImage id={row.proofImageId} alt={t('review.proof')} width={420} />
      </Space>
    ),
    dueAt: (row) => row.decideBy,
    approveReasons: [t('reasons.paymentReceived')],
    rejectReasons: [t('reasons.noPayment'), t('reasons.amountDiffers'), t('reasons.proofUnreadable')],
  };
  const withdrawals: Queue<WithdrawalRow> = {
    list: 'withdrawalList',
    review: 'withdrawalReview',
    load: () => api.call(adminPaths.withdrawalList, PAGE, { quiet: true }),
    decide: (id, decision, reason) =>
      api.call(adminPaths.withdrawalReview, { id, decision, reason }, { quiet: true }),
    headers: [t('fields.account'), t('fields.amount'), t('fields.iban')],
    columns: (row) => [row.account, format.money(row.amount, row.currency), row.iban],
    dueAt: (row) => row.decideBy,
    detail: (row) => {
      const nameMatches = sameName(row.holderName, row.realname);
      return (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label={t('fields.account')}>{row.account}</Descriptions.Item>
            <Descriptions.Item label={t('fields.name')}>{row.realname}</Descriptions.Item>
            <Descriptions.Item label={t('fields.amount')}>
              {format.money(row.amount, row.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.fee')}>
              {format.money(row.fee, row.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.payout')}>
              {format.money(row.payout, row.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.decideBy')}>{format.time(row.decideBy)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.holder')}>{row.holderName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.iban')}>
              {row.iban} {row.bic}
            </Descriptions.Item>
          </Descriptions>
          <Card size="small" title={t('review.checks')}>
            <Space orientation="vertical">
              <Tag color={nameMatches ? 'green' : 'red'}>
                {nameMatches ? t('review.holderMatches') : t('review.holderDiffers')}
              </Tag>
              <Tag color="green">{t('review.heldAtRequest')}</Tag>
            </Space>
          </Card>
        </Space>
      );
    },
    approveReasons: [t('reasons.paidOut')],
    rejectReasons: [t('reasons.holderDiffers'), t('reasons.underInvestigation')],
  };
  const corrections: Queue<CorrectionRow> = {
    list: 'correctionList',
    review: 'correctionReview',
    load: () => api.call(adminPaths.correctionList, PAGE, { quiet: true }),
    decide: (id, decision, reason) =>
      api.call(adminPaths.correctionReview, { id, decision, reason }, { quiet: true }),
    headers: [t('fields.account'), t('fields.amount'), t('fields.proposedBy')],
    columns: (row) => [row.account, format.money(row.amount, row.currency), row.proposedBy],
    detail: (row) => (
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('fields.account')}>{row.account}</Descriptions.Item>
        <Descriptions.Item label={t('fields.amount')}>
          {format.money(row.amount, row.currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.reason')}>{row.reason}</Descriptions.Item>
        <Descriptions.Item label={t('fields.proposedBy')}>{row.proposedBy}</Descriptions.Item>
      </Descriptions>
    ),
    blockedBecause: (row) => (row.proposedBy === session?.username ? t('review.ownCorrection') : null),
    approveReasons: [t('reasons.correctionChecked')],
    rejectReasons: [t('reasons.correctionUnfounded')],
  };
  const tradesRequired = PROFESSIONAL_RULES.tradesPerQuarter * PROFESSIONAL_RULES.quarters;
  const professional: Queue<ProfessionalRow> = {
    list: 'professionalList',
    review: 'professionalReview',
    load: () => api.call(adminProfessionalPaths.professionalList, PAGE, { quiet: true }),
    decide: (id, decision, reason) =>
      api.call(adminProfessionalPaths.professionalReview, { id, decision, reason }, { quiet: true }),
    headers: [t('fields.account'), t('fields.name'), t('professional.criteria')],
    columns: (row) => [row.account, row.realname, row.criteria.length],
    detail: (row) => {
      const total = row.tradesPerQuarter.reduce((sum, count) => sum + count, 0);
      const met = total >= tradesRequired;
      return (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('fields.account')}>{row.account}</Descriptions.Item>
            <Descriptions.Item label={t('fields.name')}>{row.realname}</Descriptions.Item>
            <Descriptions.Item label={t('professional.criteria')}>
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {row.criteria.map((criterion) => (
                  <li key={criterion}>
                    {t(`professional.criteriaNames.${criterion}`, {
                      trades: PROFESSIONAL_RULES.tradesPerQuarter,
                      quarters: PROFESSIONAL_RULES.quarters,
                      portfolio: format.money(PROFESSIONAL_RULES.portfolioMinimumEur, 'EUR'),
                    })}
                  </li>
                ))}
              </ul>
            </Descriptions.Item>
            <Descriptions.Item label={t('professional.trades')}>
              {row.tradesPerQuarter.join(' · ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('professional.statement')}>
              {row.statement || t('professional.none')}
            </Descriptions.Item>
          </Descriptions>
          <Tag color={met ? 'green' : 'red'}>
            {t(met ? 'professional.tradesMet' : 'professional.tradesNotMet', {
              total,
              required: tradesRequired,
            })}
          </Tag>
          <Typography.Text strong>{t('professional.evidence')}</Typography.Text>
          {row.evidenceUploadIds.length === 0 ? (
            <Typography.Text type="secondary">{t('professional.noEvidence')}</Typography.Text>
          ) : (
            <Space wrap>
              {row.evidenceUploadIds.map((id, index) => (
                <PrivateImage key={id} id={id} alt={`${t('professional.evidence')} ${index + 1}`} />
              ))}
            </Space>
          )}
        </Space>
      );
    },
    approveReasons: [t('reasons.professionalApproved')],
    rejectReasons: [t('reasons.professionalUnproven'), t('reasons.professionalTooFewTrades')],
  };
  const withdrawalBars: Queue<WithdrawalBarRow> = {
    list: 'withdrawalBarList',
    review: 'withdrawalBarReview',
    load: () => api.call(adminPaths.withdrawalBarList, PAGE, { quiet: true }),
    decide: (id, decision, reason) =>
      api.call(adminPaths.withdrawalBarReview, { id, decision, reason }, { quiet: true }),
    headers: [t('fields.account'), t('bars.reason'), t('bars.days'), t('bars.proposedBy')],
    columns: (row) => [row.account, t(`bars.${row.barReason}`), row.days, row.proposedBy],
    detail: (row) => (
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('fields.account')}>{row.account}</Descriptions.Item>
        <Descriptions.Item label={t('bars.reason')}>{t(`bars.${row.barReason}`)}</Descriptions.Item>
        <Descriptions.Item label={t('bars.note')}>{row.note}</Descriptions.Item>
        <Descriptions.Item label={t('bars.days')}>{row.days}</Descriptions.Item>
        <Descriptions.Item label={t('bars.proposedBy')}>{row.proposedBy}</Descriptions.Item>
      </Descriptions>
    ),
    help: t('bars.proposeHelp'),
    blockedBecause: (row) => (row.proposedBy === session?.username ? t('bars.own') : null),
    approveReasons: [t('bars.justified')],
    rejectReasons: [t('bars.unfounded')],
  };
  const escalated = { queue: 'escalated' as const, ...PAGE };
  const escalatedDetail =
    <T extends Row & { escalatedAt: string | null }>(detail: (row: T) => ReactNode) =>
    (row: T) => (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {row.escalatedAt && (
          <Tag color="red">
            {t('bars.escalatedAt')} {format.time(row.escalatedAt)}
          </Tag>
        )}
        {detail(row)}
      </Space>
    );
  const escalatedDeposits: Queue<DepositRow> = {
    ...deposits,
    load: () => api.call(adminPaths.depositList, escalated, { quiet: true }),
    detail: escalatedDetail(deposits.detail),
    help: t('bars.escalatedHelp'),
  };
  const escalatedWithdrawals: Queue<WithdrawalRow> = {
    ...withdrawals,
    load: () => api.call(adminPaths.withdrawalList, escalated, { quiet: true }),
    detail: escalatedDetail(withdrawals.detail),
    help: t('bars.escalatedHelp'),
  };
  return {
    identity,
    deposits,
    withdrawals,
    corrections,
    professional,
    withdrawalBars,
    escalatedDeposits,
    escalatedWithdrawals,
  } as unknown as Record<Kind, Queue<Row>>;
}

/** A structured reference as typed from a statement: its digits only (+++ / and spaces dropped). */
const referenceDigits = (text: string) => text.replace(/\D/g, '');

/**
 * An amount as typed from a statement ("1 234,50", "1234.5", "€ 450") in cents, as text (no
 * float); null when it is not an amount. A comma or dot followed by one or two digits at the end
 * is the decimal mark; other dots, commas and spaces group thousands.
 */
function typedCents(text: string): string | null {
  const cleaned = text.replace(/[^\d.,]/g, '');
  const match = /^(.*?)(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const whole = (match[1] ?? '').replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole)) return null;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return `${whole.replace(/^0+(?=\d)/, '')}${cents}`.replace(/^0+(?=\d)/, '');
}

/**
 * The matching helpers of a deposit, from facts the server has: what the staff member types from
 * the bank statement compared with the deposit's reference and amount, another deposit whose
 * proof is the same uploaded picture, and the user's earlier deposits through this channel.
 */
function DepositMatching(props: { row: DepositRow }) {
  const { t } = useI18n();
  const format = useFormat();
  const { row } = props;
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const { onChannel, sameProofDepositIds } = row.matching;
  const isReferenceSame = referenceDigits(reference) === referenceDigits(row.reference);
  const isAmountSame = typedCents(amount) === typedCents(row.amount);
  const earlier = onChannel.approved + onChannel.rejected + onChannel.cancelled + onChannel.recent.length;
  return (
    <Card size="small" title={t('matching.title')} data-testid="deposit-matching">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('matching.statement')}</Typography.Text>
        <Space wrap>
          <Input
            aria-label={t('matching.reference')}
            placeholder={t('matching.reference')}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            style={{ width: 240 }}
          />
          {reference.trim() && (
            <Tag color={isReferenceSame ? 'green' : 'red'}>
              {t(isReferenceSame ? 'matching.referenceMatches' : 'matching.referenceDiffers')}
            </Tag>
          )}
          <Input
            aria-label={t('matching.amount')}
            placeholder={t('matching.amount')}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            style={{ width: 220 }}
          />
          {amount.trim() && (
            <Tag color={isAmountSame ? 'green' : 'red'}>
              {t(isAmountSame ? 'matching.amountMatches' : 'matching.amountDiffers')}
            </Tag>
          )}
        </Space>
        {sameProofDepositIds.length > 0 ? (
          <Alert
            type="error"
            title={t('matching.sameProof', { ids: sameProofDepositIds.map((id) => `#${id}`).join(', ') })}
          />
        ) : (
          <Tag color="green">{t('matching.noSameProof')}</Tag>
        )}
        {earlier === 0 ? (
          <Typography.Text>{t('matching.noHistory')}</Typography.Text>
        ) : (
          <>
            <Typography.Text>
              {t('matching.history', {
                approved: onChannel.approved,
                rejected: onChannel.rejected,
                cancelled: onChannel.cancelled,
              })}
            </Typography.Text>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={onChannel.recent}
              columns={[
                { title: '#', dataIndex: 'id' },
                { title: t('audit.time'), render: (_, item) => format.time(item.createdAt) },
                { title: t('fields.amount'), render: (_, item) => format.money(item.amount, item.currency) },
                { title: t('fields.reference'), dataIndex: 'reference' },
                {
                  title: '',
                  render: (_, item) => (
                    <Tag
                      color={
                        item.state === 'approved' ? 'green' : item.state === 'rejected' ? 'red' : undefined
                      }
                    >
                      {t(`matching.${item.state}`)}
                    </Tag>
                  ),
                },
              ]}
            />
          </>
        )}
      </Space>
    </Card>
  );
}

/** Holder and verified name alike, ignoring case, accents, spaces and word order. */
function sameName(a: string, b: string): boolean {
  const words = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .sort()
      .join(' ');
  return words(a) === words(b);
}

type IdentityRow = Row & {
  account: string;
  realname: string;
  documentType: string;
  documentNumber: string;
  frontImageId: string;
  backImageId: string;
};
type DepositRow = Row & {
  account: string;
  realname: string;
  channelName: string;
  currency: 'EUR' | 'USD';
  amount: string;
  reference: string;
  proofImageId: string;
  decideBy: string;
  escalatedAt: string | null;
  matching: {
    onChannel: {
      approved: number;
      rejected: number;
      cancelled: number;
      recent: {
        id: string;
        amount: string;
        currency: 'EUR' | 'USD';
        reference: string;
        state: 'pending' | 'approved' | 'rejected' | 'cancelled';
        createdAt: string;
      }[];
    };
    sameProofDepositIds: string[];
  };
};
type WithdrawalRow = Row & {
  account: string;
  realname: string;
  currency: 'EUR' | 'USD';
  amount: string;
  fee: string;
  payout: string;
  iban: string;
  bic: string;
  holderName: string;
  decideBy: string;
  escalatedAt: string | null;
};
type WithdrawalBarRow = Row & {
  account: string;
  barReason: WithdrawalBarReason;
  note: string;
  days: number;
  proposedBy: string;
};
type CorrectionRow = Row & {
  account: string;
  currency: 'EUR' | 'USD';
  amount: string;
  reason: string;
  proposedBy: string;
};

type ProfessionalRow = Row & {
  account: string;
  realname: string;
  criteria: ProfessionalCriterion[];
  tradesPerQuarter: number[];
  evidenceUploadIds: string[];
  statement: string;
};

const kinds: Kind[] = [
  'identity',
  'deposits',
  'withdrawals',
  'corrections',
  'professional',
  'withdrawalBars',
  'escalatedDeposits',
  'escalatedWithdrawals',
];

export default function Queues() {
  const { kind } = useParams();
  const queues = useQueues();
  const { may } = useSession();
  if (!kinds.includes(kind as Kind) || !may(queues[kind as Kind].list)) return <Navigate to="/" replace />;
  return <QueueScreen key={kind} kind={kind as Kind} queue={queues[kind as Kind]} />;
}

function QueueScreen(props: { kind: Kind; queue: Queue<Row> }) {
  const { t } = useI18n();
  const { may } = useSession();
  const { message } = App.useApp();
  const { kind, queue } = props;
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['queue', kind], queryFn: queue.load, refetchInterval: 30_000 });
  const items = query.data?.items ?? [];
  // The menu's counts follow what this queue just loaded.
  const total = query.data?.total;
  useEffect(() => {
    if (total !== undefined) void queryClient.invalidateQueries({ queryKey: ['queue-counts'] });
  }, [total, queryClient]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const selected = items.find((item) => item.id === selectedId) ?? items[0];
  const canDecide = may(queue.review);
  const blocked = selected ? (queue.blockedBecause?.(selected) ?? null) : null;

  useEffect(() => {
    if (dialog) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const index = selected ? items.indexOf(selected) : -1;
      if (event.key === 'ArrowDown' || event.key === 'j') {
        const next = items[Math.min(index + 1, items.length - 1)];
        if (next) setSelectedId(next.id);
        event.preventDefault();
      } else if (event.key === 'ArrowUp' || event.key === 'k') {
        const previous = items[Math.max(index - 1, 0)];
        if (previous) setSelectedId(previous.id);
        event.preventDefault();
      } else if (selected && canDecide && !blocked && (event.key === 'a' || event.key === 'r')) {
        setDialog(event.key === 'a' ? 'approve' : 'reject');
        event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog, items, selected, canDecide, blocked]);

  const decide = async (decision: 'approve' | 'reject', reason: string) => {
    if (!selected) return;
    await queue.decide(selected.id, decision, reason);
    setDialog(null);
    void message.success(decision === 'approve' ? t('review.approved') : t('review.rejected'));
    const index = items.indexOf(selected);
    setSelectedId(items[index + 1]?.id ?? null);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['queue', kind] }),
      queryClient.invalidateQueries({ queryKey: ['queue-counts'] }),
    ]);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t(`menu.${kind}`)} <Tag>{t('review.pending', { n: query.data?.total ?? 0 })}</Tag>
        </Typography.Title>
        <Typography.Text type="secondary">{t('review.keys')}</Typography.Text>
      </Space>
      {queue.help && <Typography.Text type="secondary">{queue.help}</Typography.Text>}
      <Loadable query={query} isEmpty={(data) => data.items.length === 0} emptyText={t('review.emptyQueue')}>
        {() => (
          <div
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(440px, 1fr))', gap: 16 }}
          >
            <Table<Row>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={items}
              onRow={(row) => ({
                onClick: () => setSelectedId(row.id),
                style: { cursor: 'pointer', background: row.id === selected?.id ? '#e6f0ff' : undefined },
                'aria-selected': row.id === selected?.id,
              })}
              columns={[
                ...queue.headers.map((title, index) => ({
                  title,
                  key: `c${index}`,
                  render: (_: unknown, row: Row) => queue.columns(row)[index],
                })),
                {
                  title: t('fields.waiting'),
                  key: 'sla',
                  render: (_: unknown, row: Row) => (
                    <SlaClock since={row.createdAt} dueAt={queue.dueAt?.(row)} />
                  ),
                },
              ]}
            />
            {selected && (
              <Card
                title={`#${selected.id}`}
                data-testid="review-detail"
                extra={
                  canDecide && (
                    <Space>
                      <Button type="primary" disabled={!!blocked} onClick={() => setDialog('approve')}>
                        {t('review.approve')}
                      </Button>
                      <Button danger disabled={!!blocked} onClick={() => setDialog('reject')}>
                        {t('review.reject')}
                      </Button>
                    </Space>
                  )
                }
              >
                <Space orientation="vertical" style={{ width: '100%' }}>
                  {blocked && <Alert type="info" title={blocked} />}
                  {!canDecide && <Alert type="info" title={t('review.readOnly')} />}
                  <SlaClock since={selected.createdAt} dueAt={queue.dueAt?.(selected)} />
                  {queue.detail(selected)}
                  {'account' in selected && (
                    <Link to={`/users/${String((selected as { account: string }).account)}`}>
                      {t('review.openUser')}
                    </Link>
                  )}
                </Space>
              </Card>
            )}
          </div>
        )}
      </Loadable>
      <ReasonDialog
        open={dialog !== null}
        danger={dialog === 'reject'}
        title={dialog === 'approve' ? t('review.approveTitle') : t('review.rejectTitle')}
        presets={dialog === 'approve' ? queue.approveReasons : queue.rejectReasons}
        onCancel={() => setDialog(null)}
        onConfirm={(reason) => decide(dialog ?? 'reject', reason)}
      />
    </Space>
  );
}
