import { formatDecimal, parseTypedDecimal } from '@beurs/contract/decimal';
import { adminMarginSettingsPaths } from '@beurs/contract/paths';
import { formatRate, percentSuffix } from '@beurs/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { api } from '../api';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import { Loadable, useFormat } from '../ui';

// Instruments' margin and lending settings (issue 15 item 4; docs/margin-account.md): each
// instrument margin is published for, with what its class gives (MARGIN_RULES), its override if
// it has one, and the settings in force, which trading, the margin summary and the published
// parameters use. Product staff and administrators set an override (audited, with a reason); the
// other roles that may list them only read. An override only tightens: out of margin, or margins
// raised, never below the class's (the server refuses the rest). Lending (issue 16): whether its
// shares are lendable (may be sold short), its lending channel, and its annual borrow fee (typed as
// a percentage with at most two decimals, read into basis points without a float; empty: the
// configuration's, which the list gives).

type Rule = {
  marginClass: 'large_cap' | 'standard' | 'not_marginable';
  exclusion: 'crypto' | 'not_tradable' | 'illiquid' | 'staff' | null;
  initialBasisPoints: number | null;
  maintenanceBasisPoints: number | null;
};
type Item = {
  symbol: string;
  code: string;
  name: string;
  currency: string;
  classRule: Rule;
  effective: Rule & { lendable: boolean; lendingOpen: boolean; borrowFeeBasisPoints: number | null };
  override: {
    notMarginable: boolean;
    initialBasisPoints: number | null;
    maintenanceBasisPoints: number | null;
    lendable: boolean;
    lendingPaused: boolean;
    borrowFeeBasisPoints: number | null;
    reason: string;
    updatedByStaffId: string;
    updatedAt: string;
  } | null;
};
type Values = {
  notMarginable: boolean;
  initialPercent: number | null;
  maintenancePercent: number | null;
  lendable: boolean;
  lendingPaused: boolean;
  /** The annual borrow fee as typed, a percentage ("3", "3.25", "3,25"); empty: the default. */
  borrowFeePercent: string;
  reason: string;
};

const classColors: Record<Rule['marginClass'], string> = {
  large_cap: 'blue',
  standard: 'cyan',
  not_marginable: 'default',
};

/** Basis points from a percentage with at most two decimals (80.5 → 8050). */
const basisPointsOf = (percent: number | null | undefined) =>
  percent === null || percent === undefined ? null : Math.round(percent * 100);

/** The highest annual borrow fee staff may set: 100 %. */
const BORROW_FEE_MAX_BASIS_POINTS = 10_000n;

/**
 * Basis points from a typed percentage, exactly (no float): "3" → 300, "3.25" or "3,25" → 325.
 * Empty: null (the configuration's fee). Undefined: not a percentage from 0 to 100 with at most two
 * decimals (the form refuses it).
 */
const borrowFeeBasisPointsOf = (text: string | undefined): number | null | undefined => {
  const trimmed = (text ?? '').trim().replace(/\s*%$/, '');
  if (trimmed === '') return null;
  const basisPoints = parseTypedDecimal(trimmed, 2);
  if (basisPoints === null || basisPoints > BORROW_FEE_MAX_BASIS_POINTS) return undefined;
  return Number(basisPoints);
};

export default function MarginSettings() {
  const { t, texts, errorText } = useI18n();
  const { may } = useSession();
  const format = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Item | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const canSave = may('marginSettingsSave');
  const query = useQuery({
    queryKey: ['margin-settings'],
    queryFn: () => api.call(adminMarginSettingsPaths.marginSettingsList, {}, { quiet: true }),
  });
  const percent = (basisPoints: number | null) =>
    basisPoints === null
      ? '–'
      : `${formatRate(formatDecimal(BigInt(basisPoints), 2), texts.language)}${percentSuffix(texts.language)}`;
  const borrowFeeDefault = query.data?.borrowFeeDefaultBasisPoints ?? null;
  const classTag = (rule: Rule) => (
    <Tag color={classColors[rule.marginClass]}>
      {t(`marginSettings.classes.${rule.marginClass}`)}
      {rule.exclusion ? ` · ${t(`marginSettings.exclusions.${rule.exclusion}`)}` : ''}
    </Tag>
  );
  const open = (item: Item) => {
    form.resetFields();
    form.setFieldsValue({
      notMarginable: item.override?.notMarginable ?? false,
      initialPercent:
        item.override?.initialBasisPoints === null || item.override?.initialBasisPoints === undefined
          ? null
          : item.override.initialBasisPoints / 100,
      maintenancePercent:
        item.override?.maintenanceBasisPoints === null || item.override?.maintenanceBasisPoints === undefined
          ? null
          : item.override.maintenanceBasisPoints / 100,
      lendable: item.override?.lendable ?? false,
      lendingPaused: item.override?.lendingPaused ?? false,
      borrowFeePercent:
        item.override?.borrowFeeBasisPoints === null || item.override?.borrowFeeBasisPoints === undefined
          ? ''
          : formatDecimal(BigInt(item.override.borrowFeeBasisPoints), 2),
      reason: '',
    });
    setRefusal(null);
    setEditing(item);
  };
  const submit = async (values: Values) => {
    if (!editing) return;
    setBusy(true);
    setRefusal(null);
    try {
      const isExcluded = editing.classRule.marginClass === 'not_marginable' || values.notMarginable;
      await api.call(
        adminMarginSettingsPaths.marginSettingsSave,
        {
          symbol: editing.symbol,
          notMarginable: editing.classRule.marginClass === 'not_marginable' ? false : values.notMarginable,
          initialBasisPoints: isExcluded ? null : basisPointsOf(values.initialPercent),
          maintenanceBasisPoints: isExcluded ? null : basisPointsOf(values.maintenancePercent),
          lendable: values.lendable,
          lendingPaused: values.lendingPaused,
          // Always sent: a cleared field (null) goes back to the configuration's fee.
          borrowFeeBasisPoints: borrowFeeBasisPointsOf(values.borrowFeePercent) ?? null,
          reason: values.reason.trim(),
        },
        { quiet: true },
      );
      setEditing(null);
      void message.success(t('marginSettings.saved', { symbol: editing.symbol }));
      await queryClient.invalidateQueries({ queryKey: ['margin-settings'] });
    } catch (caught) {
      setRefusal(errorText(caught));
    } finally {
      setBusy(false);
    }
  };
  const needle = filter.trim().toLowerCase();
  const classMinimum = (basisPoints: number | null) => (basisPoints === null ? 0 : basisPoints / 100);
  const isMarginable = editing?.classRule.marginClass !== 'not_marginable';
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.marginSettings')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('marginSettings.help')}</Typography.Text>
      <Alert type="info" showIcon title={t('marginSettings.lendingHelp')} />
      <Input.Search
        allowClear
        placeholder={t('marginSettings.filter')}
        style={{ maxWidth: 320 }}
        onChange={(event) => setFilter(event.target.value)}
        data-testid="margin-settings-filter"
      />
      <Loadable
        query={query}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('marginSettings.empty')}
      >
        {(data) => (
          <Table<Item>
            rowKey="symbol"
            size="small"
            dataSource={(data.items as Item[]).filter(
              (item) =>
                needle === '' ||
                item.symbol.toLowerCase().includes(needle) ||
                item.name.toLowerCase().includes(needle),
            )}
            pagination={{ pageSize: 25, showSizeChanger: false }}
            scroll={{ x: 1080 }}
            onRow={(row) =>
              ({ 'data-testid': `margin-row-${row.symbol}` }) as React.HTMLAttributes<HTMLElement>
            }
            columns={[
              {
                title: t('marginSettings.instrument'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0}>
                    <Typography.Text strong>{row.symbol}</Typography.Text>
                    <Typography.Text type="secondary">{`${row.name} · ${row.currency}`}</Typography.Text>
                  </Space>
                ),
              },
              {
                title: t('marginSettings.class'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0} data-testid={`margin-class-${row.symbol}`}>
                    {classTag(row.effective)}
                    {row.effective.marginClass !== row.classRule.marginClass && (
                      <Typography.Text type="secondary">
                        {t('marginSettings.byClass', {
                          value: t(`marginSettings.classes.${row.classRule.marginClass}`),
                        })}
                      </Typography.Text>
                    )}
                  </Space>
                ),
              },
              {
                title: t('marginSettings.initial'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0} data-testid={`margin-initial-${row.symbol}`}>
                    <span>{percent(row.effective.initialBasisPoints)}</span>
                    {row.effective.initialBasisPoints !== row.classRule.initialBasisPoints && (
                      <Typography.Text type="secondary">
                        {t('marginSettings.byClass', { value: percent(row.classRule.initialBasisPoints) })}
                      </Typography.Text>
                    )}
                  </Space>
                ),
              },
              {
                title: t('marginSettings.maintenance'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0}>
                    <span>{percent(row.effective.maintenanceBasisPoints)}</span>
                    {row.effective.maintenanceBasisPoints !== row.classRule.maintenanceBasisPoints && (
                      <Typography.Text type="secondary">
                        {t('marginSettings.byClass', {
                          value: percent(row.classRule.maintenanceBasisPoints),
                        })}
                      </Typography.Text>
                    )}
                  </Space>
                ),
              },
              {
                title: t('marginSettings.lending'),
                render: (_, row) => (
                  <span data-testid={`margin-lending-${row.symbol}`}>
                    {!row.effective.lendable ? (
                      <Tag>{t('marginSettings.notLendable')}</Tag>
                    ) : row.effective.lendingOpen ? (
                      <Tag color="green">{t('marginSettings.lendingOpen')}</Tag>
                    ) : (
                      <Tag color="orange">{t('marginSettings.lendingPaused')}</Tag>
                    )}
                  </span>
                ),
              },
              {
                title: t('marginSettings.borrowFee'),
                render: (_, row) => (
                  <Space orientation="vertical" size={0} data-testid={`margin-borrow-fee-${row.symbol}`}>
                    <span>{percent(row.effective.borrowFeeBasisPoints ?? borrowFeeDefault)}</span>
                    {row.effective.borrowFeeBasisPoints === null && (
                      <Typography.Text type="secondary">{t('marginSettings.byDefault')}</Typography.Text>
                    )}
                  </Space>
                ),
              },
              {
                title: t('marginSettings.override'),
                render: (_, row) =>
                  row.override ? (
                    <Space orientation="vertical" size={0}>
                      <span>{row.override.reason}</span>
                      <Typography.Text type="secondary">
                        {t('marginSettings.updated', {
                          time: format.time(row.override.updatedAt),
                          staff: row.override.updatedByStaffId,
                        })}
                      </Typography.Text>
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">{t('marginSettings.none')}</Typography.Text>
                  ),
              },
              ...(canSave
                ? [
                    {
                      title: '',
                      width: 100,
                      render: (_: unknown, row: Item) => (
                        <Button
                          size="small"
                          onClick={() => open(row)}
                          data-testid={`margin-edit-${row.symbol}`}
                        >
                          {t('marginSettings.edit')}
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
        open={editing !== null}
        size={480}
        title={editing ? t('marginSettings.editTitle', { symbol: editing.symbol }) : ''}
        onClose={() => setEditing(null)}
        destroyOnHidden
      >
        {editing && (
          <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
            <Typography.Paragraph type="secondary">
              {isMarginable
                ? t('marginSettings.editHelp', {
                    initial: percent(editing.classRule.initialBasisPoints),
                    maintenance: percent(editing.classRule.maintenanceBasisPoints),
                  })
                : t('marginSettings.editHelpExcluded')}
            </Typography.Paragraph>
            {isMarginable && (
              <>
                <Form.Item
                  name="notMarginable"
                  label={t('marginSettings.notMarginable')}
                  valuePropName="checked"
                >
                  <Switch data-testid="margin-not-marginable" />
                </Form.Item>
                <Form.Item
                  noStyle
                  shouldUpdate={(before, after) => before.notMarginable !== after.notMarginable}
                >
                  {({ getFieldValue }) =>
                    getFieldValue('notMarginable') ? null : (
                      <Space align="start">
                        <Form.Item
                          name="initialPercent"
                          label={t('marginSettings.initialPercent')}
                          rules={[
                            {
                              type: 'number',
                              min: classMinimum(editing.classRule.initialBasisPoints),
                              max: 100,
                              message: t('marginSettings.rules.between', {
                                min: percent(editing.classRule.initialBasisPoints),
                              }),
                            },
                          ]}
                        >
                          <InputNumber
                            precision={2}
                            placeholder={percent(editing.classRule.initialBasisPoints)}
                            style={{ width: 160 }}
                            data-testid="margin-initial-input"
                          />
                        </Form.Item>
                        <Form.Item
                          name="maintenancePercent"
                          label={t('marginSettings.maintenancePercent')}
                          dependencies={['initialPercent']}
                          rules={[
                            {
                              type: 'number',
                              min: classMinimum(editing.classRule.maintenanceBasisPoints),
                              max: 100,
                              message: t('marginSettings.rules.between', {
                                min: percent(editing.classRule.maintenanceBasisPoints),
                              }),
                            },
                            ({ getFieldValue: value }) => ({
                              validator: async (_, maintenance?: number | null) => {
                                const initial =
                                  (value('initialPercent') as number | null | undefined) ??
                                  classMinimum(editing.classRule.initialBasisPoints);
                                if (
                                  maintenance !== null &&
                                  maintenance !== undefined &&
                                  maintenance > initial
                                ) {
                                  throw new Error(t('marginSettings.rules.maintenance'));
                                }
                              },
                            }),
                          ]}
                        >
                          <InputNumber
                            precision={2}
                            placeholder={percent(editing.classRule.maintenanceBasisPoints)}
                            style={{ width: 160 }}
                            data-testid="margin-maintenance-input"
                          />
                        </Form.Item>
                      </Space>
                    )
                  }
                </Form.Item>
              </>
            )}
            <Form.Item name="lendable" label={t('marginSettings.lendable')} valuePropName="checked">
              <Switch data-testid="margin-lendable" />
            </Form.Item>
            <Form.Item name="lendingPaused" label={t('marginSettings.pauseLending')} valuePropName="checked">
              <Switch data-testid="margin-lending-paused" />
            </Form.Item>
            <Form.Item
              name="borrowFeePercent"
              label={t('marginSettings.borrowFeePercent')}
              extra={t('marginSettings.borrowFeeHelp', { fee: percent(borrowFeeDefault) })}
              rules={[
                {
                  validator: async (_, text?: string) => {
                    if (borrowFeeBasisPointsOf(text) === undefined) {
                      throw new Error(t('marginSettings.rules.borrowFee'));
                    }
                  },
                },
              ]}
            >
              <Input
                inputMode="decimal"
                placeholder={percent(borrowFeeDefault)}
                style={{ width: 160 }}
                data-testid="margin-borrow-fee-input"
              />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('marginSettings.reason')}
              rules={[
                { required: true, whitespace: true, message: t('marginSettings.rules.reason') },
                { min: 3, max: 500, message: t('marginSettings.rules.reason') },
              ]}
            >
              <Input.TextArea rows={3} data-testid="margin-reason" />
            </Form.Item>
            {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
            <Button type="primary" htmlType="submit" loading={isBusy} data-testid="margin-save">
              {t('marginSettings.save')}
            </Button>
          </Form>
        )}
      </Drawer>
    </Space>
  );
}
