import { strategyRules, type StrategyRule } from '@beurs/contract/enums';
import { adminStrategyPaths } from '@beurs/contract/paths';
import { strategyLimits } from '@beurs/contract/rules';
import { formatCurrency, formatMoney, formatRate } from '@beurs/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
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
import { Loadable, ReasonDialog, useFormat } from '../ui';
import { ABOVE_ZERO, CASH, useFixedPriceForm } from './fixed-price-form';

// Copy-following strategies (issue 17 item 5; issue 15 item 4): the published rule sets the server
// runs, each with its NAV, size, fees, followers and the follows and redemptions waiting for a NAV.
// Product staff and administrators may close one (audited, with a reason): from then on follows
// are refused; follows already made get the next NAV and followers can still redeem. They may also
// publish a new strategy of one of the rule kinds (fixed weights, moving-average trend, momentum top
// K) with its instruments, parameters, fees and terms (audited, with a reason); the form checks the
// contract's limits (strategyLimits) first and shows the server's catalogued refusal otherwise.
// Nothing here changes a published strategy's rule, fees, terms or a NAV.

type Strategy = {
  id: string;
  code: string;
  name: string;
  rule: StrategyRule;
  ruleParameters: { weights: number[] | null; lookback: number | null; top: number | null };
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

type Values = {
  code: string;
  name: string;
  rule: StrategyRule;
  instruments: { symbol?: string; weight?: number }[];
  lookback?: number;
  top?: number;
  managementBasisPoints: number;
  performanceBasisPoints: number;
  noticeDays: number;
  minimumFollow: string;
  reason: string;
};

/** Basis points as a percentage with two decimals, in the staff member's language. */
const percentText = (basisPoints: number) =>
  `${Math.trunc(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;

export default function Strategies() {
  const { t, texts, errorText } = useI18n();
  const { may } = useSession();
  const format = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [closing, setClosing] = useState<Strategy | null>(null);
  const canClose = may('strategyClose');
  const canCreate = may('strategyCreate');
  const { required } = useFixedPriceForm();
  const [form] = Form.useForm<Values>();
  const [isCreating, setCreating] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rule = Form.useWatch('rule', form) ?? 'fixed_weights';
  const instrumentCount = (Form.useWatch('instruments', form) ?? []).length;
  const query = useQuery({
    queryKey: ['strategies'],
    queryFn: () => api.call(adminStrategyPaths.strategyList, {}, { quiet: true }),
  });
  const language = texts.language;
  const percent = (basisPoints: number) => `${formatMoney(percentText(basisPoints), language)} %`;
  const units = (value: string) => formatMoney(value, language, 4);
  const ruleText = (row: Strategy) => {
    const { weights, lookback, top } = row.ruleParameters;
    const weightsText = row.symbols
      .map((symbol, index) => `${symbol} ${percent(weights?.[index] ?? 0)}`)
      .join(', ');
    return t(`strategies.ruleText.${row.rule}`, {
      weights: weightsText,
      lookback: lookback ?? 0,
      top: top ?? 0,
    });
  };

  const range = (min: number, max: number): Rule => ({
    required: true,
    type: 'integer',
    min,
    max,
    message: t('offerings.rules.range', { min, max }),
  });
  const symbolsOf = (values: Partial<Values>) =>
    (values.instruments ?? []).map((item) => item.symbol?.trim().toUpperCase() ?? '');

  const open = () => {
    form.resetFields();
    form.setFieldsValue({
      rule: 'fixed_weights',
      instruments: [{}, {}],
      managementBasisPoints: 100,
      performanceBasisPoints: 1_000,
      noticeDays: 2,
      minimumFollow: '100.00',
    });
    setRefusal(null);
    setCreating(true);
  };

  const submit = async (values: Values) => {
    setBusy(true);
    setRefusal(null);
    try {
      await api.call(
        adminStrategyPaths.strategyCreate,
        {
          code: values.code.trim(),
          name: values.name.trim(),
          rule: values.rule,
          symbols: symbolsOf(values),
          ...(values.rule === 'fixed_weights'
            ? { weights: values.instruments.map((item) => item.weight ?? 0) }
            : { lookback: values.lookback ?? 0 }),
          ...(values.rule === 'momentum_top' ? { top: values.top ?? 0 } : {}),
          managementBasisPoints: values.managementBasisPoints,
          performanceBasisPoints: values.performanceBasisPoints,
          noticeDays: values.noticeDays,
          minimumFollow: values.minimumFollow.trim(),
          reason: values.reason.trim(),
        },
        { quiet: true },
      );
      setCreating(false);
      void message.success(t('strategies.created'));
      await queryClient.invalidateQueries({ queryKey: ['strategies'] });
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
          {t('menu.strategies')}
        </Typography.Title>
        {canCreate && (
          <Button type="primary" onClick={open}>
            {t('strategies.create')}
          </Button>
        )}
      </Space>
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
                    <Typography.Text type="secondary" data-testid={`strategy-rule-${row.code}`}>
                      {ruleText(row)}
                    </Typography.Text>
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
      <Drawer
        open={isCreating}
        size={600}
        title={t('strategies.createTitle')}
        onClose={() => setCreating(false)}
        destroyOnHidden
      >
        <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
          <Typography.Paragraph type="secondary">{t('strategies.createHelp')}</Typography.Paragraph>
          <Space style={{ width: '100%' }} align="start">
            <Form.Item
              name="code"
              label={t('strategies.code')}
              normalize={(value?: string) => value?.toUpperCase()}
              rules={[required, { pattern: strategyLimits.codePattern, message: t('strategies.rules.code') }]}
            >
              <Input placeholder="BAL7030" maxLength={8} />
            </Form.Item>
            <Form.Item
              name="name"
              label={t('strategies.name')}
              rules={[required, { min: 3, max: 80, message: t('strategies.rules.name') }]}
              style={{ minWidth: 320 }}
            >
              <Input />
            </Form.Item>
          </Space>
          <Form.Item
            name="rule"
            label={t('strategies.rule')}
            rules={[required]}
            extra={t(`strategies.ruleHelp.${rule}`)}
          >
            <Select
              data-testid="strategy-rule-kind"
              options={strategyRules.map((kind) => ({
                value: kind,
                label: t(`strategies.ruleKinds.${kind}`),
              }))}
            />
          </Form.Item>
          <Typography.Text strong>{t('strategies.instruments')}</Typography.Text>
          <Form.List
            name="instruments"
            rules={[
              {
                validator: async (_, items?: unknown[]) => {
                  const count = items?.length ?? 0;
                  if (count < 1 || count > strategyLimits.instrumentsMax) {
                    throw new Error(
                      t('strategies.rules.instruments', { max: strategyLimits.instrumentsMax }),
                    );
                  }
                  const symbols = symbolsOf(form.getFieldsValue());
                  if (new Set(symbols).size !== symbols.length)
                    throw new Error(t('strategies.rules.repeated'));
                  if (form.getFieldValue('rule') !== 'fixed_weights') return;
                  const total = form
                    .getFieldsValue()
                    .instruments.reduce(
                      (sum, item) => sum + (Number.isInteger(item.weight) ? (item.weight ?? 0) : 0),
                      0,
                    );
                  if (total !== strategyLimits.weightsTotal) {
                    throw new Error(
                      t('strategies.rules.weights', { total: formatMoney(String(total), language, 0) }),
                    );
                  }
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((field, index) => (
                  <Space key={field.key} align="start" data-testid={`strategy-instrument-${index}`}>
                    <Form.Item
                      name={[field.name, 'symbol']}
                      label={t('strategies.symbol')}
                      normalize={(value?: string) => value?.toUpperCase()}
                      rules={[required, { max: 24, message: t('offerings.rules.max', { max: 24 }) }]}
                    >
                      <Input placeholder="KBC.BR" />
                    </Form.Item>
                    {rule === 'fixed_weights' && (
                      <Form.Item
                        name={[field.name, 'weight']}
                        label={t('strategies.weight')}
                        rules={[range(1, strategyLimits.weightsTotal)]}
                      >
                        <InputNumber min={1} max={strategyLimits.weightsTotal} precision={0} />
                      </Form.Item>
                    )}
                    <Button
                      style={{ marginTop: 30 }}
                      onClick={() => remove(field.name)}
                      disabled={fields.length <= 1}
                    >
                      {t('strategies.removeInstrument')}
                    </Button>
                  </Space>
                ))}
                <Form.Item>
                  <Button
                    type="dashed"
                    onClick={() => add({})}
                    disabled={fields.length >= strategyLimits.instrumentsMax}
                  >
                    {t('strategies.addInstrument')}
                  </Button>
                  <Form.ErrorList errors={errors} />
                </Form.Item>
              </>
            )}
          </Form.List>
          {rule !== 'fixed_weights' && (
            <Space style={{ width: '100%' }} align="start">
              <Form.Item
                name="lookback"
                label={t('strategies.lookback')}
                rules={[range(strategyLimits.lookbackMin, strategyLimits.lookbackMax)]}
              >
                <InputNumber
                  min={strategyLimits.lookbackMin}
                  max={strategyLimits.lookbackMax}
                  precision={0}
                />
              </Form.Item>
              {rule === 'momentum_top' && (
                <Form.Item
                  name="top"
                  label={t('strategies.top')}
                  dependencies={['instruments']}
                  rules={[
                    {
                      required: true,
                      type: 'integer',
                      min: 1,
                      max: Math.max(1, instrumentCount - 1),
                      message: t('strategies.rules.top', { max: Math.max(1, instrumentCount - 1) }),
                    },
                    {
                      validator: async (_, value?: number) => {
                        if (value !== undefined && value >= instrumentCount) {
                          throw new Error(
                            t('strategies.rules.top', { max: Math.max(1, instrumentCount - 1) }),
                          );
                        }
                      },
                    },
                  ]}
                >
                  <InputNumber min={1} precision={0} />
                </Form.Item>
              )}
            </Space>
          )}
          <Space style={{ width: '100%' }} align="start" wrap>
            <Form.Item
              name="managementBasisPoints"
              label={t('strategies.managementBasisPoints')}
              rules={[range(0, strategyLimits.managementBasisPointsMax)]}
            >
              <InputNumber min={0} max={strategyLimits.managementBasisPointsMax} precision={0} />
            </Form.Item>
            <Form.Item
              name="performanceBasisPoints"
              label={t('strategies.performanceBasisPoints')}
              rules={[range(0, strategyLimits.performanceBasisPointsMax)]}
            >
              <InputNumber min={0} max={strategyLimits.performanceBasisPointsMax} precision={0} />
            </Form.Item>
          </Space>
          <Space style={{ width: '100%' }} align="start">
            <Form.Item
              name="noticeDays"
              label={t('strategies.noticeDays')}
              rules={[range(0, strategyLimits.noticeDaysMax)]}
            >
              <InputNumber min={0} max={strategyLimits.noticeDaysMax} precision={0} />
            </Form.Item>
            <Form.Item
              name="minimumFollow"
              label={t('strategies.minimumFollow')}
              rules={[
                required,
                {
                  validator: async (_, value?: string) => {
                    const amount = value?.trim();
                    if (amount && !(CASH.test(amount) && ABOVE_ZERO.test(amount))) {
                      throw new Error(t('offerings.rules.cash'));
                    }
                  },
                },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Space>
          <Form.Item
            name="reason"
            label={t('fields.reason')}
            rules={[required, { min: 3, max: 500, message: t('offerings.rules.reason') }]}
          >
            <Input />
          </Form.Item>
          {refusal && isCreating && (
            <Alert type="error" title={refusal} role="alert" style={{ marginBottom: 16 }} />
          )}
          <Button type="primary" htmlType="submit" loading={isBusy}>
            {t('strategies.createSubmit')}
          </Button>
        </Form>
      </Drawer>
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
