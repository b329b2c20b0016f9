import { assignableStaffRoles } from '@beurs/contract/enums';
import { adminPaths } from '@beurs/contract/paths';
import { STAFF_PASSWORD_LENGTH } from '@beurs/contract/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../api';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import { Loadable, ReasonDialog, useFormat } from '../ui';

// Staff accounts: an administrator creates them with a role, disables and re-enables them with a
// reason. A role is given at creation and never changed here; nobody disables their own account.

type Member = {
  id: string;
  username: string;
  role: string;
  disabledAt: string | null;
  loginLockedUntil: string | null;
  createdAt: string;
};

export default function Staff() {
  const { t, errorText } = useI18n();
  const { session, may } = useSession();
  const format = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [dialog, setDialog] = useState<{ member: Member; action: 'disable' | 'enable' } | null>(null);
  const query = useQuery({
    queryKey: ['staff-all'],
    queryFn: () => api.call(adminPaths.staffList, { pageSize: 100 }, { quiet: true }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['staff-all'] });

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.staff')}
      </Typography.Title>
      <Loadable query={query}>
        {(data) => (
          <Table<Member>
            size="small"
            rowKey="id"
            dataSource={data.items}
            pagination={false}
            columns={[
              { title: t('staff.username'), dataIndex: 'username' },
              { title: t('staff.role'), render: (_, row) => <Tag>{t(`roles.${row.role}`)}</Tag> },
              {
                title: t('staff.state'),
                render: (_, row) =>
                  row.disabledAt ? (
                    <Tag color="red">{t('staff.disabled')}</Tag>
                  ) : row.loginLockedUntil ? (
                    <Tag color="orange">
                      {t('staff.lockedUntil', { until: format.time(row.loginLockedUntil) })}
                    </Tag>
                  ) : (
                    <Tag color="green">{t('staff.active')}</Tag>
                  ),
              },
              { title: t('staff.created'), render: (_, row) => format.time(row.createdAt) },
              {
                title: '',
                key: 'actions',
                render: (_, row) =>
                  row.username === session?.username || row.role === 'demo_desk'
                    ? null
                    : row.disabledAt
                      ? may('enableStaff') && (
                          <Button size="small" onClick={() => setDialog({ member: row, action: 'enable' })}>
                            {t('staff.enable')}
                          </Button>
                        )
                      : may('disableStaff') && (
                          <Button
                            size="small"
                            danger
                            onClick={() => setDialog({ member: row, action: 'disable' })}
                          >
                            {t('staff.disable')}
                          </Button>
                        ),
              },
            ]}
          />
        )}
      </Loadable>
      {may('createStaff') && (
        <Card title={t('staff.create')}>
          <Form
            form={form}
            layout="vertical"
            style={{ maxWidth: 520 }}
            initialValues={{ role: 'reviewer' }}
            onFinish={async (values: {
              username: string;
              password: string;
              role: (typeof assignableStaffRoles)[number];
              reason: string;
            }) => {
              try {
                await api.call(adminPaths.createStaff, values, { quiet: true });
                void message.success(t('common.saved'));
                form.resetFields();
                await refresh();
              } catch (caught) {
                void message.error(errorText(caught));
              }
            }}
          >
            <Form.Item
              name="username"
              label={t('staff.username')}
              extra={t('staff.usernameRule')}
              rules={[{ required: true, pattern: /^[a-z0-9_.-]{3,32}$/, message: t('staff.usernameRule') }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('staff.initialPassword')}
              extra={t('account.passwordRule', { min: STAFF_PASSWORD_LENGTH.min })}
              rules={[
                {
                  required: true,
                  min: STAFF_PASSWORD_LENGTH.min,
                  max: STAFF_PASSWORD_LENGTH.max,
                  message: '',
                },
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="role" label={t('staff.role')}>
              <Select
                options={assignableStaffRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('fields.reason')}
              rules={[{ required: true, min: 3, message: '' }]}
            >
              <Input />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('staff.create')}
            </Button>
          </Form>
        </Card>
      )}
      <ReasonDialog
        open={dialog !== null}
        danger={dialog?.action === 'disable'}
        title={dialog ? t(`staff.${dialog.action}Title`, { name: dialog.member.username }) : ''}
        presets={[]}
        onCancel={() => setDialog(null)}
        onConfirm={async (reason) => {
          if (!dialog) return;
          const body = { id: dialog.member.id, reason };
          if (dialog.action === 'disable') await api.call(adminPaths.disableStaff, body, { quiet: true });
          else await api.call(adminPaths.enableStaff, body, { quiet: true });
          setDialog(null);
          await refresh();
        }}
      />
    </Space>
  );
}
