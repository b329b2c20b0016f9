import { adminPaths } from '@beurs/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Space, Table, Typography } from 'antd';
import { api } from '../api';
import { languageTags } from '@beurs/i18n';
import { useI18n } from '../i18n';
import { Loadable, useFormat } from '../ui';

// The fee schedule, the TOB rates and each market's rules exactly as users see them. Read-only:
// the fees come from the server's configuration at start, the TOB rates from the law.

export default function Fees() {
  const { t, texts } = useI18n();
  const format = useFormat();
  /** Basis points as a percentage in the chosen language (35 → "0.35 %", "0,35 %"). */
  const percent = (basisPoints: number) =>
    `${new Intl.NumberFormat(languageTags[texts.language], { minimumFractionDigits: 2 }).format(basisPoints / 100)} %`;
  const query = useQuery({
    queryKey: ['fees'],
    queryFn: () => api.call(adminPaths.feeSchedule, {}, { quiet: true }),
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.fees')}
      </Typography.Title>
      <Alert type="info" title={t('fees.readOnly')} />
      <Loadable query={query}>
        {(fees) => (
          <Space orientation="vertical" style={{ width: '100%' }} size="middle">
            <Card title={t('fees.schedule')}>
              <Table
                size="small"
                rowKey="assetClass"
                pagination={false}
                dataSource={fees.schedule}
                columns={[
                  {
                    title: t('fees.assetClass'),
                    render: (_, row) => t(`fees.assetClasses.${row.assetClass}`),
                  },
                  { title: t('fees.rate'), render: (_, row) => percent(row.basisPoints) },
                  {
                    title: t('fees.minimum'),
                    render: (_, row) =>
                      row.minimum.map((item) => format.money(item.amount, item.currency)).join(' · '),
                  },
                ]}
              />
            </Card>
            <Card title={t('fees.tob')}>
              <Table
                size="small"
                rowKey="class"
                pagination={false}
                dataSource={fees.tob}
                columns={[
                  { title: t('fees.tobClass'), render: (_, row) => t(`fees.tobClasses.${row.class}`) },
                  { title: t('fees.rate'), render: (_, row) => percent(row.rateBasisPoints) },
                  { title: t('fees.cap'), render: (_, row) => format.money(row.capEur, 'EUR') },
                ]}
              />
            </Card>
            <Card title={t('fees.markets')}>
              <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
                <Descriptions.Item label={t('fees.fxSpread')}>
                  {percent(fees.fxSpreadBasisPoints)}
                </Descriptions.Item>
                <Descriptions.Item label={t('fees.buyBuffer')}>
                  {percent(fees.marketBuyBufferBasisPoints)}
                </Descriptions.Item>
              </Descriptions>
              <Table
                size="small"
                rowKey="market"
                pagination={false}
                dataSource={fees.markets}
                columns={[
                  { title: t('fees.market'), render: (_, row) => t(`fees.marketNames.${row.market}`) },
                  { title: t('fees.settlement'), render: (_, row) => `T+${row.settlementDays}` },
                  {
                    title: t('fees.sellLock'),
                    render: (_, row) =>
                      row.sellLock.days
                        ? `T+${row.sellLock.days}`
                        : row.sellLock.minutes
                          ? t('fees.minutes', { n: row.sellLock.minutes })
                          : t('fees.none'),
                  },
                  { title: t('fees.collar'), render: (_, row) => `± ${row.collarPercent} %` },
                  {
                    title: t('fees.tobClass'),
                    render: (_, row) =>
                      row.tobClasses.map((tobClass) => t(`fees.tobClasses.${tobClass}`)).join(', '),
                  },
                ]}
              />
            </Card>
          </Space>
        )}
      </Loadable>
    </Space>
  );
}
