import type { IpoPhase } from '@beurs/contract/enums';
import { seedMatchesCommitment } from '@beurs/contract/ipo-draw';
import { adminIpoPaths } from '@beurs/contract/paths';
import { formatRate, formatTimeZone, percentSuffix } from '@beurs/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { api } from '../api';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import { Loadable, useFormat } from '../ui';
import { ABOVE_ZERO, CASH, instantOf, PRICE, useFixedPriceForm } from './fixed-price-form';

// IPO offerings (issue 17; docs/ipo-draw.md): every offering with its terms, dates, phase and the
// SHA-256 commitment of its draw seed, published from creation; the seed itself only once the draw
// has run (the staff list never answers it before, and this screen asks for nothing else). Product
// staff and administrators create offerings (audited, with a reason); the other roles that may
// list them only read. The server makes the seed.

type Offering = {
  id: string;
  symbol: string;
  name: string;
  market: string;
  issueMarket: string;
  /** Null for the simulator's demo offerings, which have none. */
  leadUnderwriter: string | null;
  currency: 'EUR' | 'USD';
  issuePrice: string;
  sharesOffered: string;
  minimumQuantity: string;
  lotSize: string;
  subscriptionsPerUser: number;
  feeBasisPoints: number;
  feeMinimum: string;
  prospectusUrl: string;
  opensAt: string;
  closesAt: string;
  lotteryAt: string;
  distributionAt: string;
  listingAt: string;
  phase: IpoPhase;
  seedCommitment: string;
  draw: {
    seed: string | null;
    drawnAt: string | null;
    lotsOffered: number;
    lotsRequested: number;
    lotsAllocated: number;
    subscriptionCount: number;
    winningRatePercent: string | null;
  };
  createdBy: 'staff' | 'simulator';
  createdByStaffId: string | null;
  createdAt: string;
};

/** The markets an offering may list on (the create call's `market`). */
const offeringMarkets = ['frank', 'ETF-BEL'] as const;
const dateFields = ['opensAt', 'closesAt', 'lotteryAt', 'distributionAt', 'listingAt'] as const;
type DateField = (typeof dateFields)[number];

type Values = {
  symbol: string;
  name: string;
  market: (typeof offeringMarkets)[number];
  issueMarket: string;
  leadUnderwriter: string;
  issuePrice: string;
  sharesOffered: string;
  minimumQuantity: string;
  lotSize: string;
  subscriptionsPerUser: number;
  feeBasisPoints: number;
  feeMinimum?: string;
  prospectusUrl: string;
  reason: string;
} & Record<DateField, string>;

const phaseColors: Record<IpoPhase, string> = {
  to_be_subscribed: 'blue',
  subscribing: 'green',
  subscription_ended: 'orange',
  awaiting_draw: 'gold',
  drawn: 'purple',
  listed: 'default',
};

const PAGE_SIZE = 20;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export default function Offerings() {
  const { t, texts, errorText } = useI18n();
  const { may } = useSession();
  const format = useFormat();
  const { required, text, shares, wholeLots, price, count } = useFixedPriceForm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [isCreating, setCreating] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const canCreate = may('ipoCreate');
  const query = useQuery({
    queryKey: ['offerings', page],
    queryFn: () => api.call(adminIpoPaths.ipoList, { page, pageSize: PAGE_SIZE }, { quiet: true }),
  });
  /** Instants one under the other, each on one line. */
  const times = (...instants: string[]) => (
    <Space orientation="vertical" size={0} style={NOWRAP}>
      {instants.map((instant) => (
        <span key={instant}>{format.time(instant)}</span>
      ))}
    </Space>
  );
  const zone = formatTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone, texts.language);

  const open = () => {
    form.resetFields();
    form.setFieldsValue({
      market: 'frank',
      minimumQuantity: '10000',
      lotSize: '1000',
      subscriptionsPerUser: 1,
      feeBasisPoints: 0,
    });
    setRefusal(null);
    setCreating(true);
  };

  const integerBetween = (min: number, max: number) => ({
    required: true,
    type: 'integer' as const,
    min,
    max,
    message: t('offerings.rules.range', { min, max }),
  });
  /** opens (in the future) < closes ≤ lottery ≤ distribution ≤ listing. */
  const dateRule = (field: DateField): Rule[] => [
    { required: true, message: t('offerings.rules.required') },
    ({ getFieldValue }) => ({
      validator: async (_, value?: string) => {
        const instant = instantOf(value);
        if (!instant) return;
        const index = dateFields.indexOf(field);
        if (index === 0) {
          if (Date.parse(instant) <= Date.now()) throw new Error(t('offerings.rules.future'));
          return;
        }
        const previousField = dateFields[index - 1] as DateField;
        const previous = instantOf(getFieldValue(previousField) as string | undefined);
        if (!previous) return;
        const isInOrder = index === 1 ? previous < instant : previous <= instant;
        if (!isInOrder) {
          throw new Error(
            t(index === 1 ? 'offerings.rules.after' : 'offerings.rules.notBefore', {
              other: t(`offerings.${previousField}`),
            }),
          );
        }
      },
    }),
  ];

  const submit = async (values: Values) => {
    setBusy(true);
    setRefusal(null);
    try {
      const fee = values.feeMinimum?.trim();
      await api.call(
        adminIpoPaths.ipoCreate,
        {
          symbol: values.symbol.trim(),
          name: values.name.trim(),
          market: values.market,
          issueMarket: values.issueMarket.trim(),
          leadUnderwriter: values.leadUnderwriter.trim(),
          issuePrice: values.issuePrice.trim(),
          sharesOffered: values.sharesOffered.trim(),
          minimumQuantity: values.minimumQuantity.trim(),
          lotSize: values.lotSize.trim(),
          subscriptionsPerUser: values.subscriptionsPerUser,
          feeBasisPoints: values.feeBasisPoints,
          ...(fee ? { feeMinimum: fee } : {}),
          prospectusUrl: values.prospectusUrl.trim(),
          opensAt: instantOf(values.opensAt) ?? '',
          closesAt: instantOf(values.closesAt) ?? '',
          lotteryAt: instantOf(values.lotteryAt) ?? '',
          distributionAt: instantOf(values.distributionAt) ?? '',
          listingAt: instantOf(values.listingAt) ?? '',
          reason: values.reason.trim(),
        },
        { quiet: true },
      );
      setCreating(false);
      void message.success(t('offerings.created'));
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: ['offerings'] });
    } catch (caught) {
      setRefusal(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const hex = (value: string, testId: string) => (
    <Typography.Text code copyable style={{ wordBreak: 'break-all', fontSize: 12 }} data-testid={testId}>
      {value}
    </Typography.Text>
  );

  const details = (row: Offering) => {
    const { seed } = row.draw;
    return (
      <Descriptions size="small" column={1} bordered styles={{ label: { width: 260 } }}>
        <Descriptions.Item label={t('offerings.commitment')}>
          {hex(row.seedCommitment, `offering-commitment-${row.id}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('offerings.seed')}>
          {seed ? (
            <Space wrap>
              {hex(seed, `offering-seed-${row.id}`)}
              {seedMatchesCommitment(seed, row.seedCommitment) ? (
                <Tag color="green">{t('offerings.seedMatches')}</Tag>
              ) : (
                <Tag color="red">{t('offerings.seedDiffers')}</Tag>
              )}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('offerings.seedLater')}</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('offerings.terms')}>
          {t('offerings.termsText', {
            minimum: count(row.minimumQuantity),
            lot: count(row.lotSize),
            perUser: row.subscriptionsPerUser,
            basisPoints: row.feeBasisPoints,
            feeMinimum: format.money(row.feeMinimum, row.currency),
          })}
        </Descriptions.Item>
        <Descriptions.Item label={t('offerings.issuer')}>
          {`${row.issueMarket} · ${row.leadUnderwriter ?? t('offerings.noUnderwriter')} · `}
          <Typography.Link href={row.prospectusUrl} target="_blank" rel="noreferrer">
            {t('offerings.prospectus')}
          </Typography.Link>
        </Descriptions.Item>
      </Descriptions>
    );
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('menu.offerings')}
        </Typography.Title>
        {canCreate && (
          <Button type="primary" onClick={open}>
            {t('offerings.create')}
          </Button>
        )}
      </Space>
      <Typography.Text type="secondary">{t('offerings.help', { zone })}</Typography.Text>
      <Loadable query={query} isEmpty={(data) => data.total === 0} emptyText={t('offerings.empty')}>
        {(data) => (
          <Table<Offering>
            size="small"
            rowKey="id"
            dataSource={data.items}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: data.total,
              showSizeChanger: false,
              onChange: setPage,
              hideOnSinglePage: true,
            }}
            expandable={{
              expandedRowRender: details,
              expandedRowKeys: data.items.map((item) => item.id),
              showExpandColumn: false,
            }}
            columns={[
              {
                title: t('offerings.offering'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0}>
                    <Typography.Text strong>{row.symbol}</Typography.Text>
                    <Typography.Text type="secondary">{row.name}</Typography.Text>
                  </Space>
                ),
              },
              {
                title: t('offerings.createdBy'),
                render: (_, row) => (
                  <span data-testid={`offering-created-by-${row.id}`}>
                    {row.createdBy === 'simulator'
                      ? t('offerings.createdBySimulator')
                      : t('offerings.createdByStaff', { id: row.createdByStaffId ?? '' })}
                  </span>
                ),
              },
              {
                title: t('offerings.phase'),
                render: (_, row) => (
                  <Tag color={phaseColors[row.phase]} style={NOWRAP} data-testid={`offering-phase-${row.id}`}>
                    {t(`offerings.phases.${row.phase}`)}
                  </Tag>
                ),
              },
              {
                title: t('offerings.issuePrice'),
                align: 'right',
                render: (_, row) => <span style={NOWRAP}>{price(row.issuePrice, row.currency)}</span>,
              },
              {
                title: t('offerings.sharesOffered'),
                align: 'right',
                render: (_, row) => (
                  <Space orientation="vertical" size={0} style={NOWRAP}>
                    <span>{count(row.sharesOffered)}</span>
                    <Typography.Text type="secondary">
                      {t('offerings.inLots', { lots: row.draw.lotsOffered })}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: t('offerings.window'),
                render: (_, row) => times(row.opensAt, row.closesAt),
              },
              {
                title: t('offerings.lotteryAt'),
                render: (_, row) => times(row.lotteryAt),
              },
              {
                title: t('offerings.distributionListing'),
                render: (_, row) => times(row.distributionAt, row.listingAt),
              },
              {
                title: t('offerings.subscribed'),
                width: 210,
                render: (_, row) =>
                  row.draw.drawnAt ? (
                    <Space orientation="vertical" size={0}>
                      <span>
                        {t('offerings.subscribedText', {
                          count: row.draw.subscriptionCount,
                          requested: row.draw.lotsRequested,
                        })}
                      </span>
                      <Typography.Text type="secondary">
                        {t('offerings.allocatedText', {
                          allocated: row.draw.lotsAllocated,
                          rate: row.draw.winningRatePercent
                            ? `${formatRate(row.draw.winningRatePercent, texts.language)}${percentSuffix(texts.language)}`
                            : '–',
                        })}
                      </Typography.Text>
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">{t('offerings.countedAtDraw')}</Typography.Text>
                  ),
              },
            ]}
          />
        )}
      </Loadable>
      <Drawer
        open={isCreating}
        size={560}
        title={t('offerings.create')}
        onClose={() => setCreating(false)}
        destroyOnHidden
      >
        <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
          <Typography.Paragraph type="secondary">{t('offerings.createHelp')}</Typography.Paragraph>
          <Space style={{ width: '100%' }} align="start">
            <Form.Item name="symbol" label={t('offerings.symbol')} rules={text(24)}>
              <Input placeholder="UCB.BR" />
            </Form.Item>
            <Form.Item name="market" label={t('offerings.market')} style={{ minWidth: 220 }}>
              <Select
                options={offeringMarkets.map((market) => ({
                  value: market,
                  label: t(`offerings.markets.${market}`),
                }))}
              />
            </Form.Item>
          </Space>
          {/* What a symbol may be (docs/ipo-listing.md): a known instrument or a free CODE.BR, which the offering creates. */}
          <Typography.Paragraph type="secondary" data-testid="offering-symbol-help">
            {t('offerings.symbolHelp')}
          </Typography.Paragraph>
          <Form.Item name="name" label={t('fields.name')} rules={text(120)}>
            <Input />
          </Form.Item>
          <Form.Item name="issueMarket" label={t('offerings.issueMarket')} rules={text(120)}>
            <Input placeholder="Euronext Brussels" />
          </Form.Item>
          <Form.Item name="leadUnderwriter" label={t('offerings.leadUnderwriter')} rules={text(120)}>
            <Input />
          </Form.Item>
          <Space style={{ width: '100%' }} align="start">
            <Form.Item
              name="issuePrice"
              label={t('offerings.issuePriceEur')}
              rules={[
                required,
                {
                  validator: async (_, value?: string) => {
                    if (value && !(PRICE.test(value.trim()) && ABOVE_ZERO.test(value))) {
                      throw new Error(t('offerings.rules.price'));
                    }
                  },
                },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item
              name="sharesOffered"
              label={t('offerings.sharesOffered')}
              dependencies={['lotSize']}
              rules={[...shares, wholeLots]}
            >
              <Input inputMode="numeric" />
            </Form.Item>
          </Space>
          <Space style={{ width: '100%' }} align="start">
            <Form.Item name="lotSize" label={t('offerings.lotSize')} rules={shares}>
              <Input inputMode="numeric" />
            </Form.Item>
            <Form.Item
              name="minimumQuantity"
              label={t('offerings.minimumQuantity')}
              dependencies={['lotSize']}
              rules={[...shares, wholeLots]}
            >
              <Input inputMode="numeric" />
            </Form.Item>
          </Space>
          <Space style={{ width: '100%' }} align="start" wrap>
            <Form.Item
              name="subscriptionsPerUser"
              label={t('offerings.subscriptionsPerUser')}
              rules={[integerBetween(1, 10)]}
            >
              <InputNumber min={1} max={10} precision={0} />
            </Form.Item>
            <Form.Item
              name="feeBasisPoints"
              label={t('offerings.feeBasisPoints')}
              rules={[integerBetween(0, 500)]}
            >
              <InputNumber min={0} max={500} precision={0} />
            </Form.Item>
            <Form.Item
              name="feeMinimum"
              label={t('offerings.feeMinimum')}
              rules={[
                {
                  validator: async (_, value?: string) => {
                    const fee = value?.trim();
                    if (fee && !(CASH.test(fee) && ABOVE_ZERO.test(fee)))
                      throw new Error(t('offerings.rules.cash'));
                  },
                },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Space>
          <Form.Item
            name="prospectusUrl"
            label={t('offerings.prospectusUrl')}
            rules={[
              required,
              { max: 500, message: t('offerings.rules.max', { max: 500 }) },
              {
                validator: async (_, value?: string) => {
                  if (!value?.trim()) return;
                  try {
                    const url = new URL(value.trim());
                    if (!/^https?:$/.test(url.protocol)) throw new Error('scheme');
                  } catch {
                    throw new Error(t('offerings.rules.url'));
                  }
                },
              },
            ]}
          >
            <Input placeholder="https://" />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('offerings.datesHelp', { zone })}</Typography.Paragraph>
          {dateFields.map((field, index) => (
            <Form.Item
              key={field}
              name={field}
              label={t(`offerings.${field}`)}
              dependencies={index > 0 ? [dateFields[index - 1] as DateField] : []}
              rules={dateRule(field)}
            >
              <Input type="datetime-local" />
            </Form.Item>
          ))}
          <Form.Item
            name="reason"
            label={t('fields.reason')}
            rules={[required, { min: 3, max: 500, message: t('offerings.rules.reason') }]}
          >
            <Input />
          </Form.Item>
          {refusal && (
            <Alert
              type="error"
              title={refusal}
              role="alert"
              style={{ marginBottom: 16 }}
              data-testid="offering-refusal"
            />
          )}
          <Button type="primary" htmlType="submit" loading={isBusy}>
            {t('offerings.createSubmit')}
          </Button>
        </Form>
      </Drawer>
    </Space>
  );
}
