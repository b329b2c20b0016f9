import { adminPaths } from '@beurs/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../api';
import { useI18n } from '../i18n';
import { Loadable, useFormat } from '../ui';

// Reconciliation for a period: withdrawals paid out per day, the TOB collected per month and class
// (the figures for the declaration), the ledger's health (the last run of the hourly check, the
// chain's head, the house balances) and the ledger checks of `ledger:verify` run on request.

type Period = { from: string; to: string; verifyLedger: boolean };

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export default function Reconciliation() {
  const { t } = useI18n();
  const format = useFormat();
  const today = new Date();
  const [period, setPeriod] = useState<Period>({
    from: isoDay(new Date(today.getFullYear(), today.getMonth(), 1, 12)),
    to: isoDay(today),
    verifyLedger: false,
  });
  const query = useQuery({
    queryKey: ['reconciliation', period],
    queryFn: () => api.call(adminPaths.reconciliation, period, { quiet: true }),
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.reconciliation')}
      </Typography.Title>
      <Card>
        <Form
          layout="inline"
          initialValues={period}
          onFinish={(values: { from: string; to: string }) => setPeriod({ ...values, verifyLedger: false })}
        >
          <Form.Item name="from" label={t('audit.from')} rules={[{ required: true, message: '' }]}>
            <Input type="date" />
          </Form.Item>
          <Form.Item name="to" label={t('audit.to')} rules={[{ required: true, message: '' }]}>
            <Input type="date" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('audit.apply')}
            </Button>
            <Button onClick={() => setPeriod({ ...period, verifyLedger: true })}>
              {t('reconciliation.verify')}
            </Button>
          </Space>
        </Form>
      </Card>
      <Loadable query={query}>
        {(data) => (
          <Space orientation="vertical" style={{ width: '100%' }} size="middle">
            <Card title={t('reconciliation.health')}>
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Typography.Text strong>{t('reconciliation.lastRun')}</Typography.Text>
                <LedgerCheck result={data.ledgerHealth.lastScheduledRun} />
                <Descriptions size="small" column={2} bordered>
                  <Descriptions.Item label={t('reconciliation.headSequence')}>
                    {data.ledgerHealth.headSequence}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('reconciliation.headSealedAt')}>
                    {data.ledgerHealth.headSealedAt ? format.time(data.ledgerHealth.headSealedAt) : '—'}
                  </Descriptions.Item>
                </Descriptions>
                <Typography.Text strong>{t('reconciliation.house')}</Typography.Text>
                <Table
                  size="small"
                  rowKey={(row) => `${row.kind}-${row.asset}`}
                  pagination={false}
                  dataSource={data.ledgerHealth.houseBalances}
                  columns={[
                    { title: t('reconciliation.houseAccount'), dataIndex: 'kind' },
                    { title: t('reconciliation.asset'), dataIndex: 'asset' },
                    {
                      title: t('reconciliation.balance'),
                      align: 'right',
                      render: (_, row) =>
                        row.asset === 'EUR' || row.asset === 'USD'
                          ? format.money(row.balance, row.asset)
                          : row.balance,
                    },
                  ]}
                />
              </Space>
            </Card>
            {data.ledger && (
              <Card title={t('reconciliation.ledger')}>
                <LedgerCheck result={data.ledger} />
              </Card>
            )}
            <Card title={t('reconciliation.tob')} extra={<Tag>{data.timeZone}</Tag>}>
              <Table
                size="small"
                rowKey={(row) => `${row.month}-${row.currency}-${row.tobClass}`}
                pagination={false}
                dataSource={data.tobCollected}
                locale={{ emptyText: t('reconciliation.none') }}
                columns={[
                  { title: t('reconciliation.month'), dataIndex: 'month' },
                  { title: t('fees.tobClass'), render: (_, row) => t(`fees.tobClasses.${row.tobClass}`) },
                  { title: t('reconciliation.fills'), dataIndex: 'count' },
                  {
                    title: t('reconciliation.base'),
                    render: (_, row) => format.money(row.base, row.currency),
                  },
                  {
                    title: t('reconciliation.tobAmount'),
                    render: (_, row) => format.money(row.tob, row.currency),
                  },
                ]}
              />
            </Card>
            <Card title={t('reconciliation.withdrawals')} extra={<Tag>{data.timeZone}</Tag>}>
              <Table
                size="small"
                rowKey={(row) => `${row.day}-${row.currency}`}
                pagination={false}
                dataSource={data.withdrawalsPaid}
                locale={{ emptyText: t('reconciliation.none') }}
                columns={[
                  { title: t('reconciliation.day'), dataIndex: 'day' },
                  { title: t('reconciliation.count'), dataIndex: 'count' },
                  { title: t('fields.amount'), render: (_, row) => format.money(row.amount, row.currency) },
                  { title: t('fields.fee'), render: (_, row) => format.money(row.fee, row.currency) },
                  { title: t('fields.payout'), render: (_, row) => format.money(row.payout, row.currency) },
                ]}
              />
            </Card>
          </Space>
        )}
      </Loadable>
    </Space>
  );
}

type LedgerCheckResult = {
  isOk: boolean;
  breachCount: number;
  checks: string[];
  entryCount: number;
  sealedCount: number;
  unsealedCount: number;
  checkedAt: string;
};

/** The result of the ledger checks of `ledger:verify` (run now, or by the hourly job). */
function LedgerCheck({ result }: { result: LedgerCheckResult | null }) {
  const { t } = useI18n();
  const format = useFormat();
  if (!result) return <Alert type="warning" title={t('reconciliation.noRun')} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {result.isOk ? (
        <Alert type="success" title={t('reconciliation.ledgerOk')} />
      ) : (
        <Alert
          type="error"
          title={t('reconciliation.ledgerBreaches', { n: result.breachCount })}
          description={result.checks.join(' · ')}
        />
      )}
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('reconciliation.entries')}>{result.entryCount}</Descriptions.Item>
        <Descriptions.Item label={t('reconciliation.sealed')}>{result.sealedCount}</Descriptions.Item>
        <Descriptions.Item label={t('reconciliation.unsealed')}>{result.unsealedCount}</Descriptions.Item>
        <Descriptions.Item label={t('reconciliation.checkedAt')}>
          {format.time(result.checkedAt)}
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}
