import { adminPaths } from '@beurs/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../api';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import { Loadable, useFormat } from '../ui';

// The audit log, newest first: filter by staff member, action, user and time; export what the
// filter finds as CSV (every page, not only the one shown).

export type AuditFilter = {
  staffId?: string;
  action?: string;
  /** The user who acted (cancelling their own deposit or withdrawal). */
  userId?: string;
  /** Everything about this user: the account, their items (deposits, withdrawals, …), their own decisions. */
  aboutUserId?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
};
type Entry = {
  id: string;
  staffUsername: string;
  userId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  before: unknown;
  after: unknown;
  createdAt: string;
};

const PAGE_SIZE = 50;
const EXPORT_PAGE_SIZE = 100;
const EXPORT_MAX_PAGES = 200;

export function AuditTable(props: { filter: AuditFilter }) {
  const { t } = useI18n();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['audit', props.filter, page],
    queryFn: () =>
      api.call(adminPaths.auditLog, { ...props.filter, page, pageSize: PAGE_SIZE }, { quiet: true }),
  });
  return (
    <Loadable query={query}>
      {(data) => (
        <Table<Entry>
          size="small"
          rowKey="id"
          dataSource={data.items}
          locale={{ emptyText: t('audit.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data.total,
            onChange: setPage,
            showSizeChanger: false,
          }}
          expandable={{
            expandedRowRender: (row) => (
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {JSON.stringify({ before: row.before, after: row.after }, null, 2)}
              </pre>
            ),
          }}
          columns={[
            { title: t('audit.time'), render: (_, row) => format.time(row.createdAt), width: 170 },
            {
              title: t('audit.staff'),
              dataIndex: 'staffUsername',
              render: (name: string) => name || t('audit.theUser'),
            },
            { title: t('audit.action'), dataIndex: 'action' },
            { title: t('audit.target'), render: (_, row) => `${row.targetType} #${row.targetId}` },
            { title: t('audit.user'), dataIndex: 'userId' },
            { title: t('fields.reason'), dataIndex: 'reason', ellipsis: true },
          ]}
        />
      )}
    </Loadable>
  );
}

const csvCell = (value: unknown) => {
  const text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  // Quoted, quotes doubled; a leading = + - @ is prefixed so a spreadsheet never runs it as a formula.
  return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
};

/** The audit rows as CSV, one header line then one line per row. */
export function auditCsv(entries: Entry[]): string {
  const header = [
    'id',
    'createdAt',
    'staff',
    'action',
    'targetType',
    'targetId',
    'userId',
    'reason',
    'before',
    'after',
  ];
  const lines = entries.map((entry) =>
    [
      entry.id,
      entry.createdAt,
      entry.staffUsername,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.userId,
      entry.reason,
      entry.before,
      entry.after,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

const localToIso = (value: string | undefined) => (value ? new Date(value).toISOString() : undefined);

export default function AuditLog() {
  const { t, errorText } = useI18n();
  const { may } = useSession();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [exportError, setExportError] = useState<string | null>(null);
  const [isExporting, setExporting] = useState(false);
  const staff = useQuery({
    queryKey: ['staff-all'],
    enabled: may('staffList'),
    queryFn: () => api.call(adminPaths.staffList, { pageSize: 100 }, { quiet: true }),
  });

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const entries: Entry[] = [];
      for (let page = 1; page <= EXPORT_MAX_PAGES; page += 1) {
        const answer = await api.call(
          adminPaths.auditLog,
          { ...filter, page, pageSize: EXPORT_PAGE_SIZE },
          { quiet: true },
        );
        entries.push(...answer.items);
        if (entries.length >= answer.total || answer.items.length === 0) break;
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([auditCsv(entries)], { type: 'text/csv;charset=utf-8' }));
      link.download = `beurs-audit-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (caught) {
      setExportError(errorText(caught));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.audit')}
      </Typography.Title>
      <Card>
        <Form
          layout="inline"
          onFinish={(values: {
            staffId?: string;
            action?: string;
            userId?: string;
            from?: string;
            to?: string;
          }) =>
            setFilter({
              staffId: values.staffId || undefined,
              action: values.action?.trim() || undefined,
              userId: values.userId?.trim() || undefined,
              from: localToIso(values.from),
              to: localToIso(values.to),
            })
          }
        >
          <Form.Item name="staffId" label={t('audit.staff')}>
            <Select
              allowClear
              style={{ width: 180 }}
              options={(staff.data?.items ?? []).map((member) => ({
                value: member.id,
                label: member.username,
              }))}
            />
          </Form.Item>
          <Form.Item name="action" label={t('audit.action')}>
            <Input style={{ width: 180 }} placeholder="deposit.approve" />
          </Form.Item>
          <Form.Item name="userId" label={t('audit.user')} rules={[{ pattern: /^\d{1,18}$/, message: '' }]}>
            <Input style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="from" label={t('audit.from')}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="to" label={t('audit.to')}>
            <Input type="datetime-local" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('audit.apply')}
            </Button>
            <Button onClick={() => void exportCsv()} loading={isExporting}>
              {t('audit.export')}
            </Button>
          </Space>
        </Form>
        {exportError && <Typography.Text type="danger">{exportError}</Typography.Text>}
      </Card>
      <AuditTable filter={filter} />
    </Space>
  );
}
