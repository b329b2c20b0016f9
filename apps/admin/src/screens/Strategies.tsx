import type { StrategyRule } from '@beurs/contract/enums';
import { adminStrategyPaths } from '@beurs/contract/paths';
import { formatCurrency, formatMoney, formatRate } from '@beurs/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../api';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import { Loadable, ReasonDialog, useFormat } from '../ui';

// Copy-following strategies (issue 17 item 5; issue 15 item 4): the published rule sets the server
// runs, each with its NAV, size, fees, followers and the follows and redemptions waiting for a NAV.
// Product staff and administrators may close one (audited, with a reason): from then on follows
// are refused; follows already made get the next NAV and followers can still redeem. The rules,
// fees and notice periods are published in the code; nothing here changes them or a NAV.

type Strategy = {
  id: string;
  code: string;
  name: string;
  rule: StrategyRule;
  symbols: string[];
  currency: 'EUR' | 'USD';
  nav: string;
  navDate: string | null;
  size: string;
  units: string;
  noticeDays: number;
  fees: { managementBasisPoints: number; performanceBasisPoints: number; highWaterMark: string };
  closedAt: string | null;
  followers: number;
  pendingFollows: number;
  pendingFollowAmount: string;
  pendingRedemptions: number;
  pendingRedemptionUnits: string;
};

/** Basis points as a percentage with two decimals, in the staff member's language. */
const percentText = (basisPoints: number) =>
  `${Math.trunc(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;

export default function Strategies() {
  const { t, texts } = useI18n();
  const { may } = useSession();
  const format = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [closing, setClosing] = useState<Strategy | null>(null);
  const canClose = may('strategyClose');
  const query = useQuery({
    queryKey: ['strategies'],
    queryFn: () => api.call(adminStrategyPaths.strategyList, {}, { quiet: true }),
  });
  const language = texts.language;
  const percent = (basisPoints: number) => `${formatMoney(percentText(basisPoints), language)} %`;
  const units = (value: string) => formatMoney(value, language, 4);

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.strategies')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('strategies.help')}</Typography.Text>
      <Loadable query={query} isEmpty={(data) => data.items.length === 0} emptyText={t('strategies.empty')}>
        {(data) => (
          <Table<Strategy>
            size="small"
            rowKey="id"
            dataSource={data.items}
            pagination={false}
            columns={[
              {
                title: t('strategies.strategy'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0}>
                    <Typography.Text strong>{row.code}</Typography.Text>
                    <Typography.Text>{row.name}</Typography.Text>
                    <Typography.Text type="secondary">{row.symbols.join(', ')}</Typography.Text>
                  </Space>
                ),
              },
              {
                title: t('strategies.state'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0} data-testid={`strategy-state-${row.code}`}>
                    <Tag color={row.closedAt ? 'red' : 'green'}>
                      {row.closedAt ? t('strategies.closedState') : t('strategies.openState')}
                    </Tag>
                    {row.closedAt && (
                      <Typography.Text type="secondary">{format.time(row.closedAt)}</Typography.Text>
                    )}
                  </Space>
                ),
              },
              {
                title: t('strategies.nav'),
                align: 'right',
                render: (_, row) => (
                  <Space orientation="vertical" size={0}>
                    <span>{formatRate(row.nav, language)}</span>
                    <Typography.Text type="secondary">{row.navDate ?? t('strategies.noNav')}</Typography.Text>
                  </Space>
                ),
              },
              {
                title: t('strategies.size'),
                align: 'right',
                render: (_, row) => (
                  <Space orientation="vertical" size={0}>
                    <span>{formatCurrency(row.size, row.currency, language)}</span>
                    <Typography.Text type="secondary">
                      {t('strategies.unitsText', { units: units(row.units) })}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: t('strategies.fees'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0}>
                    <span>
                      {t('strategies.management', { rate: percent(row.fees.managementBasisPoints) })}
                    </span>
                    <span>
                      {t('strategies.performance', {
                        rate: percent(row.fees.performanceBasisPoints),
                        mark: formatRate(row.fees.highWaterMark, language),
                      })}
                    </span>
                    <Typography.Text type="secondary">
                      {t('strategies.notice', { count: row.noticeDays })}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: t('strategies.followers'),
                align: 'right',
                render: (_, row) => (
                  <span data-testid={`strategy-followers-${row.code}`}>{row.followers}</span>
                ),
              },
              {
                title: t('strategies.waiting'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0} data-testid={`strategy-waiting-${row.code}`}>
                    <span>
                      {t('strategies.waitingFollows', {
                        count: row.pendingFollows,
                        amount: formatCurrency(row.pendingFollowAmount, row.currency, language),
                      })}
                    </span>
                    <span>
                      {t('strategies.waitingRedemptions', {
                        count: row.pendingRedemptions,
                        units: units(row.pendingRedemptionUnits),
                      })}
                    </span>
                  </Space>
                ),
              },
              ...(canClose
                ? [
                    {
                      title: '',
                      render: (_: unknown, row: Strategy) =>
                        row.closedAt ? null : (
                          <Button danger size="small" onClick={() => setClosing(row)}>
                            {t('strategies.close')}
                          </Button>
                        ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Loadable>
      <ReasonDialog
        open={closing !== null}
        danger
        title={closing ? t('strategies.closeTitle', { code: closing.code }) : ''}
        presets={[]}
        onCancel={() => setClosing(null)}
        onConfirm={async (reason) => {
          if (!closing) return;
          await api.call(adminStrategyPaths.strategyClose, { id: closing.id, reason }, { quiet: true });
          setClosing(null);
          void message.success(t('strategies.closed'));
          await queryClient.invalidateQueries({ queryKey: ['strategies'] });
        }}
      />
    </Space>
  );
}
