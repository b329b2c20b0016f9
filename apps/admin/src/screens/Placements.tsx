import type { PlacementPhase } from '@beurs/contract/enums';
import { adminPlacementPaths } from '@beurs/contract/paths';
import { formatTimeZone } from '@beurs/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
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
import { ABOVE_ZERO, CASH, instantOf, PRICE, useFixedPriceForm, WHOLE_SHARES } from './fixed-price-form';

// Placements ("block trades", issue 17 item 4; docs/placements.md): every placement with its
// fixed price, block, lot, minimum, daily limit per user, window, phase and totals. Product staff
// and administrators create placements and may close one early (both audited, with a reason; an
// early close refunds every subscriber in full); the other roles that may list them only read.

type Placement = {
  id: string;
  symbol: string;
  name: string;
  currency: 'EUR' | 'USD';
  price: string;
  blockQuantity: string;
  lotSize: string;
  minimumQuantity: string;
  dailyLimit: string;
  feeBasisPoints: number;
  feeMinimum: string;
  opensAt: string;
  closesAt: string;
  phase: PlacementPhase;
  quantityRequested: string;
  subscriptionCount: number;
  quantityAllocated: string | null;
  closedEarlyAt: string | null;
  closeReason: string | null;
  createdBy: 'staff' | 'simulator';
  createdByStaffId: string | null;
};

type Values = {
  symbol: string;
  name: string;
  price: string;
  blockQuantity: string;
  lotSize: string;
  minimumQuantity: string;
  dailyLimit: string;
  feeBasisPoints: number;
  feeMinimum?: string;
  opensAt: string;
  closesAt: string;
  reason: string;
};

const phaseColors: Record<PlacementPhase, string> = {
  upcoming: 'blue',
  open: 'green',
  closed: 'gold',
  allocated: 'purple',
  closed_early: 'red',
};
/** A placement staff may still close early: not yet allocated nor closed. */
const closable = (phase: PlacementPhase) => phase === 'upcoming' || phase === 'open' || phase === 'closed';

const PAGE_SIZE = 20;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export default function Placements() {
  const { t, texts, errorText } = useI18n();
  const { may } = useSession();
  const format = useFormat();
  const { required, text, shares, wholeLots, price, count } = useFixedPriceForm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [isCreating, setCreating] = useState(false);
  const [closing, setClosing] = useState<Placement | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const [closeForm] = Form.useForm<{ reason: string }>();
  const canCreate = may('placementCreate');
  const canClose = may('placementClose');
  const query = useQuery({
    queryKey: ['placements', page],
    queryFn: () =>
      api.call(adminPlacementPaths.placementList, { page, pageSize: PAGE_SIZE }, { quiet: true }),
  });
  const zone = formatTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone, texts.language);

  const reasonRules: Rule[] = [required, { min: 3, max: 500, message: t('offerings.rules.reason') }];
  const notBelowMinimum: Rule = ({ getFieldValue }) => ({
    validator: async (_, value?: string) => {
      const minimum = String(getFieldValue('minimumQuantity') ?? '').trim();
      const limit = value?.trim() ?? '';
      if (!WHOLE_SHARES.test(minimum) || !WHOLE_SHARES.test(limit)) return;
      if (BigInt(limit) < BigInt(minimum)) throw new Error(t('placements.rules.dailyLimit'));
    },
  });
  const windowRule = (field: 'opensAt' | 'closesAt'): Rule[] => [
    { required: true, message: t('offerings.rules.required') },
    ({ getFieldValue }) => ({
      validator: async (_, value?: string) => {
        const instant = instantOf(value);
        if (!instant) return;
        if (field === 'closesAt') {
          if (Date.parse(instant) <= Date.now()) throw new Error(t('offerings.rules.future'));
          const opens = instantOf(getFieldValue('opensAt') as string | undefined);
          if (opens && opens >= instant) {
            throw new Error(t('offerings.rules.after', { other: t('offerings.opensAt') }));
          }
        }
      },
    }),
  ];

  const open = () => {
    form.resetFields();
    form.setFieldsValue({ lotSize: '100', feeBasisPoints: 0 });
    setRefusal(null);
    setCreating(true);
  };

  const submit = async (values: Values) => {
    setBusy(true);
    setRefusal(null);
    try {
      const fee = values.feeMinimum?.trim();
      await api.call(
        adminPlacementPaths.placementCreate,
        {
          symbol: values.symbol.trim(),
          name: values.name.trim(),
          price: values.price.trim(),
          blockQuantity: values.blockQuantity.trim(),
          lotSize: values.lotSize.trim(),
          minimumQuantity: values.minimumQuantity.trim(),
          dailyLimit: values.dailyLimit.trim(),
          feeBasisPoints: values.feeBasisPoints,
          ...(fee ? { feeMinimum: fee } : {}),
          opensAt: instantOf(values.opensAt) ?? '',
          closesAt: instantOf(values.closesAt) ?? '',
          reason: values.reason.trim(),
        },
        { quiet: true },
      );
      setCreating(false);
      void message.success(t('placements.created'));
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: ['placements'] });
    } catch (caught) {
      setRefusal(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const startClose = (row: Placement) => {
    closeForm.resetFields();
    setRefusal(null);
    setClosing(row);
  };

  const closeEarly = async () => {
    if (!closing) return;
    const { reason } = await closeForm.validateFields();
    setBusy(true);
    setRefusal(null);
    try {
      await api.call(
        adminPlacementPaths.placementClose,
        { id: closing.id, reason: reason.trim() },
        { quiet: true },
      );
      setClosing(null);
      void message.success(t('placements.closed'));
      await queryClient.invalidateQueries({ queryKey: ['placements'] });
    } catch (caught) {
      setRefusal(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('menu.placements')}
        </Typography.Title>
        {canCreate && (
          <Button type="primary" onClick={open}>
            {t('placements.create')}
          </Button>
        )}
      </Space>
      <Typography.Text type="secondary">{t('placements.help', { zone })}</Typography.Text>
      <Loadable query={query} isEmpty={(data) => data.total === 0} emptyText={t('placements.empty')}>
        {(data) => (
          <Table<Placement>
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
            columns={[
              {
                title: t('placements.placement'),
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
                  <span data-testid={`placement-created-by-${row.id}`}>
                    {row.createdBy === 'simulator'
                      ? t('placements.createdBySimulator')
                      : t('offerings.createdByStaff', { id: row.createdByStaffId ?? '' })}
                  </span>
                ),
              },
              {
                title: t('offerings.phase'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0}>
                    <Tag
                      color={phaseColors[row.phase]}
                      style={NOWRAP}
                      data-testid={`placement-phase-${row.id}`}
                    >
                      {t(`placements.phases.${row.phase}`)}
                    </Tag>
                    {row.closeReason && <Typography.Text type="secondary">{row.closeReason}</Typography.Text>}
                  </Space>
                ),
              },
              {
                title: t('placements.price'),
                align: 'right',
                render: (_, row) => <span style={NOWRAP}>{price(row.price, row.currency)}</span>,
              },
              {
                title: t('placements.block'),
                align: 'right',
                render: (_, row) => (
                  <Space orientation="vertical" size={0} style={NOWRAP}>
                    <span>{count(row.blockQuantity)}</span>
                    <Typography.Text type="secondary">
                      {t('placements.terms', {
                        lot: count(row.lotSize),
                        minimum: count(row.minimumQuantity),
                        daily: count(row.dailyLimit),
                      })}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: t('offerings.window'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0} style={NOWRAP}>
                    <span>{format.time(row.opensAt)}</span>
                    <span>{format.time(row.closesAt)}</span>
                  </Space>
                ),
              },
              {
                title: t('placements.requested'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0}>
                    <span>
                      {t('placements.requestedText', {
                        count: row.subscriptionCount,
                        quantity: count(row.quantityRequested),
                      })}
                    </span>
                    {row.quantityAllocated !== null && (
                      <Typography.Text type="secondary">
                        {t('placements.allocatedText', { quantity: count(row.quantityAllocated) })}
                      </Typography.Text>
                    )}
                  </Space>
                ),
              },
              ...(canClose
                ? [
                    {
                      title: '',
                      render: (_: unknown, row: Placement) =>
                        closable(row.phase) ? (
                          <Button danger size="small" onClick={() => startClose(row)}>
                            {t('placements.closeEarly')}
                          </Button>
                        ) : null,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Loadable>
      <Modal
        open={closing !== null}
        title={t('placements.closeTitle', { symbol: closing?.symbol ?? '' })}
        okText={t('placements.closeSubmit')}
        okButtonProps={{ danger: true, loading: isBusy }}
        onOk={() => void closeEarly()}
        onCancel={() => setClosing(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {t('placements.closeHelp', { count: closing?.subscriptionCount ?? 0 })}
        </Typography.Paragraph>
        <Form form={closeForm} layout="vertical">
          <Form.Item name="reason" label={t('fields.reason')} rules={reasonRules}>
            <Input />
          </Form.Item>
        </Form>
        {refusal && closing && <Alert type="error" title={refusal} role="alert" />}
      </Modal>
      <Drawer
        open={isCreating}
        size={560}
        title={t('placements.create')}
        onClose={() => setCreating(false)}
        destroyOnHidden
      >
        <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
          <Typography.Paragraph type="secondary">{t('placements.createHelp')}</Typography.Paragraph>
          <Form.Item name="symbol" label={t('offerings.symbol')} rules={text(24)}>
            <Input placeholder="KBC.BR" />
          </Form.Item>
          <Form.Item name="name" label={t('fields.name')} rules={text(120)}>
            <Input />
          </Form.Item>
          <Space style={{ width: '100%' }} align="start">
            <Form.Item
              name="price"
              label={t('placements.price')}
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
            <Form.Item name="lotSize" label={t('offerings.lotSize')} rules={shares}>
              <Input inputMode="numeric" />
            </Form.Item>
          </Space>
          <Space style={{ width: '100%' }} align="start" wrap>
            <Form.Item
              name="blockQuantity"
              label={t('placements.blockQuantity')}
              dependencies={['lotSize']}
              rules={[...shares, wholeLots]}
            >
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
            <Form.Item
              name="dailyLimit"
              label={t('placements.dailyLimit')}
              dependencies={['lotSize', 'minimumQuantity']}
              rules={[...shares, wholeLots, notBelowMinimum]}
            >
              <Input inputMode="numeric" />
            </Form.Item>
          </Space>
          <Space style={{ width: '100%' }} align="start">
            <Form.Item
              name="feeBasisPoints"
              label={t('offerings.feeBasisPoints')}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: 0,
                  max: 500,
                  message: t('offerings.rules.range', { min: 0, max: 500 }),
                },
              ]}
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
          <Typography.Paragraph type="secondary">{t('placements.datesHelp', { zone })}</Typography.Paragraph>
          <Form.Item name="opensAt" label={t('offerings.opensAt')} rules={windowRule('opensAt')}>
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item
            name="closesAt"
            label={t('offerings.closesAt')}
            dependencies={['opensAt']}
            rules={windowRule('closesAt')}
          >
            <Input type="datetime-local" />
          </Form.Item>
          <Form.Item name="reason" label={t('fields.reason')} rules={reasonRules}>
            <Input />
          </Form.Item>
          {refusal && isCreating && (
            <Alert
              type="error"
              title={refusal}
              role="alert"
              style={{ marginBottom: 16 }}
              data-testid="placement-refusal"
            />
          )}
          <Button type="primary" htmlType="submit" loading={isBusy}>
            {t('placements.createSubmit')}
          </Button>
        </Form>
      </Drawer>
    </Space>
  );
}
