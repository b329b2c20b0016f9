import { adminMarginPaths, adminPaths, adminRecordsPaths } from '@beurs/contract/paths';
import {
  restrictionKinds,
  WITHDRAWAL_BAR_MAX_DAYS,
  withdrawalBarReasons,
  type RestrictionKind,
  type WithdrawalBarReason,
} from '@beurs/contract/enums';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../api';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import { Loadable, ReasonDialog, useFormat } from '../ui';
import { AuditTable } from './AuditLog';
import { Thread } from './Support';

// A user by account (the phone number or e-mail they registered with): identity state, balances
// from the ledger, restrictions in force (set and lift with a reason), a balance correction (a new
// journal entry, never an edit), the user's records (the ledger entries the user's own records
// screen shows, paged) and the audit trail of staff actions on them.

export default function Users() {
  const { t } = useI18n();
  const { account } = useParams();
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  const navigate = useNavigate();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.users')}
      </Typography.Title>
      <Input.Search
        key={account ?? query}
        defaultValue={account ?? query}
        placeholder={t('users.searchPlaceholder')}
        aria-label={t('users.search')}
        enterButton={t('users.search')}
        style={{ maxWidth: 520 }}
        onSearch={(value) =>
          value.trim().length >= 2 && navigate(`/users?q=${encodeURIComponent(value.trim())}`)
        }
      />
      {account ? <UserDetail account={account} /> : query && <SearchResults query={query} />}
    </Space>
  );
}

function SearchResults(props: { query: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const results = useQuery({
    queryKey: ['user-search', props.query],
    queryFn: () => api.call(adminPaths.userSearch, { query: props.query }, { quiet: true }),
  });
  return (
    <Loadable query={results} isEmpty={(data) => data.items.length === 0} emptyText={t('users.noMatch')}>
      {(data) => (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data.items}
          onRow={(row) => ({
            onClick: () => navigate(`/users/${encodeURIComponent(row.account)}`),
            style: { cursor: 'pointer' },
          })}
          columns={[
            { title: t('fields.account'), dataIndex: 'account' },
            { title: t('fields.name'), render: (_, row) => row.realname || '—' },
            { title: t('users.identityState'), render: (_, row) => t(`identityStates.${row.identityState}`) },
            { title: t('users.matchedBy'), render: (_, row) => t(`users.matched.${row.matchedBy}`) },
          ]}
        />
      )}
    </Loadable>
  );
}

function UserDetail(props: { account: string }) {
  const { t } = useI18n();
  const { may } = useSession();
  const format = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['user', props.account],
    queryFn: () => api.call(adminPaths.userDetail, { account: props.account }, { quiet: true }),
  });
  const [restrictKind, setRestrictKind] = useState<RestrictionKind>('frozen');
  const [dialog, setDialog] = useState<{ action: 'restrict' | 'lift'; kind: RestrictionKind } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['user', props.account] });

  return (
    <Loadable query={query}>
      {(user) => (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Card title={t('users.identity')}>
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label={t('fields.account')}>{user.account}</Descriptions.Item>
              <Descriptions.Item label={t('fields.name')}>{user.realname || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('users.identityState')}>
                <Tag>{t(`identityStates.${user.identityState}`)}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('users.registered')}>
                {format.time(user.createdAt)}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title={t('users.balances')}>
            <Table
              size="small"
              rowKey="currency"
              pagination={false}
              dataSource={user.balances}
              columns={[
                { title: t('fields.currency'), dataIndex: 'currency' },
                {
                  title: t('users.available'),
                  render: (_, row) => format.money(row.available, row.currency),
                },
                { title: t('users.frozen'), render: (_, row) => format.money(row.frozen, row.currency) },
              ]}
            />
          </Card>
          <Card title={t('users.restrictions')}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Table
                size="small"
                rowKey="kind"
                pagination={false}
                dataSource={user.restrictions}
                locale={{ emptyText: t('users.noRestrictions') }}
                columns={[
                  { title: t('users.kind'), render: (_, row) => t(`restrictionKinds.${row.kind}`) },
                  { title: t('fields.reason'), dataIndex: 'reason' },
                  { title: t('users.since'), render: (_, row) => format.time(row.since) },
                  ...(may('liftRestriction')
                    ? [
                        {
                          title: '',
                          key: 'lift',
                          render: (_: unknown, row: { kind: RestrictionKind }) => (
                            <Button
                              size="small"
                              onClick={() => setDialog({ action: 'lift', kind: row.kind })}
                            >
                              {t('users.lift')}
                            </Button>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
              {may('restrict') && (
                <Space>
                  <Select<RestrictionKind>
                    style={{ width: 240 }}
                    value={restrictKind}
                    onChange={setRestrictKind}
                    aria-label={t('users.kind')}
                    options={restrictionKinds.map((kind) => ({
                      value: kind,
                      label: t(`restrictionKinds.${kind}`),
                    }))}
                  />
                  <Button danger onClick={() => setDialog({ action: 'restrict', kind: restrictKind })}>
                    {t('users.restrict')}
                  </Button>
                </Space>
              )}
            </Space>
          </Card>
          {may('withdrawalBarPropose') && <WithdrawalBarForm account={user.account} />}
          {may('userRecords') && <RecordsCard account={user.account} />}
          {may('userMargin') && <MarginCard account={user.account} />}
          {may('userSessions') && <SessionsCard account={user.account} />}
          {may('supportThread') && <SupportCard userId={user.id} />}
          {may('correctionPropose') && <CorrectionForm account={user.account} onDone={refresh} />}
          {may('auditLog') && (
            <Card title={t('users.trail')}>
              <AuditTable filter={{ aboutUserId: user.id }} />
            </Card>
          )}
          <ReasonDialog
            open={dialog !== null}
            danger={dialog?.action === 'restrict'}
            title={
              dialog
                ? t(dialog.action === 'restrict' ? 'users.restrictTitle' : 'users.liftTitle', {
                    kind: t(`restrictionKinds.${dialog.kind}`),
                  })
                : ''
            }
            presets={[]}
            onCancel={() => setDialog(null)}
            onConfirm={async (reason) => {
              if (!dialog) return;
              const body = { account: user.account, kind: dialog.kind, reason };
              if (dialog.action === 'restrict') await api.call(adminPaths.restrict, body, { quiet: true });
              else await api.call(adminPaths.liftRestriction, body, { quiet: true });
              setDialog(null);
              void message.success(t('common.saved'));
              await refresh();
            }}
          />
        </Space>
      )}
    </Loadable>
  );
}

/** Asks for a withdrawal bar; it takes effect when another staff member approves it in the queue. */
function WithdrawalBarForm(props: { account: string }) {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [isBusy, setBusy] = useState(false);
  return (
    <Card title={t('bars.propose')}>
      <Typography.Paragraph type="secondary">{t('bars.proposeHelp')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        initialValues={{ barReason: 'account_review', days: 7 }}
        onFinish={async (values: { barReason: WithdrawalBarReason; days: number; note: string }) => {
          setBusy(true);
          try {
            await api.call(
              adminPaths.withdrawalBarPropose,
              { account: props.account, barReason: values.barReason, days: values.days, note: values.note },
              { quiet: true },
            );
            void message.success(t('bars.asked'));
            form.resetFields(['note']);
            await queryClient.invalidateQueries({ queryKey: ['queue-counts'] });
          } catch (caught) {
            void message.error(errorText(caught));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="barReason" label={t('bars.reason')}>
          <Select<WithdrawalBarReason>
            style={{ width: 260 }}
            options={withdrawalBarReasons.map((reason) => ({ value: reason, label: t(`bars.${reason}`) }))}
          />
        </Form.Item>
        <Form.Item name="days" label={t('bars.days')} rules={[{ required: true }]}>
          <InputNumber min={1} max={WITHDRAWAL_BAR_MAX_DAYS} precision={0} style={{ width: 80 }} />
        </Form.Item>
        <Form.Item name="note" label={t('bars.note')} rules={[{ required: true, min: 3, message: '' }]}>
          <Input style={{ width: 280 }} />
        </Form.Item>
        <Button htmlType="submit" danger loading={isBusy}>
          {t('bars.ask')}
        </Button>
      </Form>
    </Card>
  );
}

function CorrectionForm(props: { account: string; onDone: () => Promise<void> }) {
  const { t, errorText } = useI18n();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [isBusy, setBusy] = useState(false);
  return (
    <Card title={t('users.correction')}>
      <Typography.Paragraph type="secondary">{t('users.correctionHelp')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        initialValues={{ currency: 'EUR' }}
        onFinish={async (values: { currency: 'EUR' | 'USD'; amount: string; reason: string }) => {
          setBusy(true);
          try {
            const correction = await api.call(
              adminPaths.correctionPropose,
              {
                account: props.account,
                currency: values.currency,
                amount: values.amount.trim(),
                reason: values.reason,
              },
              { quiet: true },
            );
            void message.success(
              correction.state === 'applied' ? t('users.correctionApplied') : t('users.correctionPending'),
            );
            form.resetFields(['amount', 'reason']);
            await Promise.all([
              props.onDone(),
              queryClient.invalidateQueries({ queryKey: ['queue-counts'] }),
            ]);
          } catch (caught) {
            void message.error(errorText(caught));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="currency" label={t('fields.currency')}>
          <Select style={{ width: 90 }} options={[{ value: 'EUR' }, { value: 'USD' }]} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('fields.amount')}
          rules={[{ required: true, pattern: /^-?\d+(\.\d{1,2})?$/, message: t('users.amountRule') }]}
        >
          <Input style={{ width: 140 }} placeholder="-12.50" />
        </Form.Item>
        <Form.Item name="reason" label={t('fields.reason')} rules={[{ required: true, min: 3, message: '' }]}>
          <Input style={{ width: 320 }} />
        </Form.Item>
        <Button htmlType="submit" type="primary" loading={isBusy}>
          {t('users.propose')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * The user's support conversation, opened on request: reading it is audited and marks the user's
 * messages read by support, so the page does not do it by itself.
 */
function SupportCard(props: { userId: string }) {
  const { t } = useI18n();
  const [isOpen, setOpen] = useState(false);
  return (
    <Card title={t('support.onUserPage')}>
      {isOpen ? (
        <Thread userId={props.userId} />
      ) : (
        <Space>
          <Button onClick={() => setOpen(true)}>{t('support.open')}</Button>
          <Typography.Text type="secondary">{t('support.openHelp')}</Typography.Text>
        </Space>
      )}
    </Card>
  );
}

const RECORDS_PAGE_SIZE = 20;

/** The user's records as the user sees them: every ledger entry that touched them, newest first. */
function RecordsCard(props: { account: string }) {
  const { t } = useI18n();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['user-records', props.account, page],
    queryFn: () =>
      api.call(
        adminRecordsPaths.userRecords,
        { account: props.account, page, pageSize: RECORDS_PAGE_SIZE },
        { quiet: true },
      ),
  });
  return (
    <Card title={t('users.records')}>
      <Loadable query={query}>
        {(data) => (
          <Table
            size="small"
            rowKey="id"
            dataSource={data.items}
            locale={{ emptyText: t('users.noRecords') }}
            pagination={{
              current: page,
              pageSize: RECORDS_PAGE_SIZE,
              total: data.total,
              showSizeChanger: false,
              onChange: setPage,
            }}
            columns={[
              { title: t('users.recordNumber'), dataIndex: 'id' },
              { title: t('users.recordTime'), render: (_, row) => format.time(row.createdAt) },
              { title: t('users.recordReason'), dataIndex: 'memo' },
              {
                title: t('fields.amount'),
                align: 'right',
                render: (_, row) => format.money(row.amount, row.currency),
              },
              {
                title: t('users.recordAvailable'),
                align: 'right',
                render: (_, row) => format.money(row.availableChange, row.currency),
              },
            ]}
          />
        )}
      </Loadable>
    </Card>
  );
}

/** The user's margin account: when it opened and the latest appropriateness test (read only). */
function MarginCard(props: { account: string }) {
  const { t } = useI18n();
  const format = useFormat();
  const query = useQuery({
    queryKey: ['user-margin', props.account],
    queryFn: () => api.call(adminMarginPaths.userMargin, { account: props.account }, { quiet: true }),
  });
  return (
    <Card title={t('users.margin')} data-testid="user-margin">
      <Loadable query={query}>
        {(data) => (
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('users.marginState')}>
              {data.openedAt
                ? t('users.marginOpenedAt', { time: format.time(data.openedAt) })
                : t('users.marginNotOpen')}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.marginTest')}>
              {data.test
                ? t(data.test.isPassed ? 'users.marginTestPassed' : 'users.marginTestFailed', {
                    correct: data.test.knowledgeCorrect,
                    total: data.test.knowledgeTotal,
                    time: format.time(data.test.takenAt),
                  })
                : t('users.marginNoTest')}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Loadable>
    </Card>
  );
}

/** The user's live sessions: device, address, when (never a token). Opening them is audited. */
function SessionsCard(props: { account: string }) {
  const { t } = useI18n();
  const format = useFormat();
  const query = useQuery({
    queryKey: ['user-sessions', props.account],
    queryFn: () => api.call(adminPaths.userSessions, { account: props.account }, { quiet: true }),
  });
  return (
    <Card title={t('users.sessions')}>
      <Loadable query={query}>
        {(data) => (
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.items}
            locale={{ emptyText: t('users.noSessions') }}
            columns={[
              { title: t('users.device'), dataIndex: 'userAgent', ellipsis: true },
              { title: t('users.address'), dataIndex: 'ipAddress' },
              { title: t('users.signedIn'), render: (_, row) => format.time(row.createdAt) },
              { title: t('users.lastSeen'), render: (_, row) => format.time(row.lastSeenAt) },
              { title: t('users.ends'), render: (_, row) => format.time(row.expiresAt) },
            ]}
          />
        )}
      </Loadable>
    </Card>
  );
}
