import { depositChannelKinds, type DepositChannelKind } from '@beurs/contract/enums';
import { adminPaths } from '@beurs/contract/paths';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../api';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import { Loadable, useFormat } from '../ui';

// Deposit channels: the operator's own collection accounts users pay into. Payments officers
// create and change them (each change audited with a reason); other roles with access only read.

type Channel = {
  id: string;
  kind: DepositChannelKind;
  name: string;
  currency: 'EUR' | 'USD';
  collectionAccount: string;
  beneficiaryName: string;
  bic: string;
  minimum: string;
  maximum: string | null;
  isEnabled: boolean;
};

type Values = Omit<Channel, 'id' | 'maximum'> & { maximum?: string; reason: string };

const AMOUNT = /^\d+(\.\d{1,2})?$/;

export default function Channels() {
  const { t, errorText } = useI18n();
  const { may } = useSession();
  const format = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Channel | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const canEdit = may('depositChannelSave');
  const query = useQuery({
    queryKey: ['channels'],
    queryFn: () => api.call(adminPaths.depositChannelList, { pageSize: 100 }, { quiet: true }),
  });

  const open = (channel: Channel | 'new') => {
    setEditing(channel);
    form.resetFields();
    form.setFieldsValue(
      channel === 'new'
        ? { kind: 'bank_transfer', currency: 'EUR', isEnabled: true, minimum: '10.00', bic: '' }
        : { ...channel, maximum: channel.maximum ?? undefined, reason: '' },
    );
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('menu.channels')}
        </Typography.Title>
        {canEdit && (
          <Button type="primary" onClick={() => open('new')}>
            {t('channels.add')}
          </Button>
        )}
      </Space>
      <Loadable query={query} isEmpty={(data) => data.items.length === 0} emptyText={t('channels.empty')}>
        {(data) => (
          <Table<Channel>
            size="small"
            rowKey="id"
            dataSource={data.items}
            pagination={false}
            columns={[
              { title: t('channels.name'), dataIndex: 'name' },
              { title: t('channels.kind'), render: (_, row) => t(`channelKinds.${row.kind}`) },
              { title: t('fields.currency'), dataIndex: 'currency' },
              { title: t('channels.collectionAccount'), dataIndex: 'collectionAccount' },
              { title: t('channels.beneficiary'), dataIndex: 'beneficiaryName' },
              {
                title: t('channels.limits'),
                render: (_, row) =>
                  `${format.money(row.minimum, row.currency)} – ${row.maximum ? format.money(row.maximum, row.currency) : '∞'}`,
              },
              {
                title: t('channels.state'),
                render: (_, row) =>
                  row.isEnabled ? (
                    <Tag color="green">{t('channels.enabled')}</Tag>
                  ) : (
                    <Tag>{t('channels.disabled')}</Tag>
                  ),
              },
              ...(canEdit
                ? [
                    {
                      title: '',
                      key: 'edit',
                      render: (_: unknown, row: Channel) => (
                        <Button size="small" onClick={() => open(row)}>
                          {t('channels.edit')}
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
        title={editing === 'new' ? t('channels.add') : t('channels.edit')}
        onClose={() => setEditing(null)}
        destroyOnHidden
      >
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={async (values) => {
            try {
              await api.call(
                adminPaths.depositChannelSave,
                {
                  ...(editing && editing !== 'new' ? { id: editing.id } : {}),
                  kind: values.kind,
                  name: values.name,
                  currency: values.currency,
                  collectionAccount: values.collectionAccount,
                  beneficiaryName: values.beneficiaryName,
                  bic: values.bic ?? '',
                  minimum: values.minimum,
                  maximum: values.maximum ? values.maximum : null,
                  isEnabled: values.isEnabled,
                  reason: values.reason,
                },
                { quiet: true },
              );
              setEditing(null);
              void message.success(t('common.saved'));
              await queryClient.invalidateQueries({ queryKey: ['channels'] });
            } catch (caught) {
              void message.error(errorText(caught));
            }
          }}
        >
          <Form.Item name="kind" label={t('channels.kind')}>
            <Select
              options={depositChannelKinds.map((kind) => ({ value: kind, label: t(`channelKinds.${kind}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('channels.name')}
            rules={[{ required: true, max: 80, message: '' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="currency" label={t('fields.currency')}>
            <Select options={[{ value: 'EUR' }, { value: 'USD' }]} />
          </Form.Item>
          <Form.Item
            name="collectionAccount"
            label={t('channels.collectionAccount')}
            rules={[{ required: true, min: 8, max: 120, message: '' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="beneficiaryName"
            label={t('channels.beneficiary')}
            rules={[{ required: true, message: '' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="bic" label="BIC">
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item
            name="minimum"
            label={t('channels.minimum')}
            rules={[{ required: true, pattern: AMOUNT, message: '' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="maximum" label={t('channels.maximum')} rules={[{ pattern: AMOUNT, message: '' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="isEnabled" label={t('channels.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('fields.reason')}
            rules={[{ required: true, min: 3, message: '' }]}
          >
            <Input />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.save')}
          </Button>
        </Form>
      </Drawer>
    </Space>
  );
}
