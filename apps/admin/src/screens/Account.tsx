import { adminPaths } from '@beurs/contract/paths';
import { App, Button, Card, Descriptions, Form, Input, Space, Tag, Typography } from 'antd';
import { api } from '../api';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import { NewPasswordFields } from './SignIn';

// The signed-in staff member: who and which role, and changing the password (other sessions end).

export default function Account() {
  const { t, errorText } = useI18n();
  const { session } = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  if (!session) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 560 }} size="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.account')}
      </Typography.Title>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('staff.username')}>{session.username}</Descriptions.Item>
        <Descriptions.Item label={t('staff.role')}>
          <Tag>{t(`roles.${session.role}`)}</Tag>
        </Descriptions.Item>
      </Descriptions>
      <Card title={t('account.changePassword')}>
        <Form
          form={form}
          layout="vertical"
          onFinish={async (values: { oldPassword: string; newPassword: string }) => {
            try {
              await api.call(
                adminPaths.changePassword,
                { oldPassword: values.oldPassword, newPassword: values.newPassword },
                { quiet: true },
              );
              form.resetFields();
              void message.success(t('account.changed'));
            } catch (caught) {
              void message.error(errorText(caught));
            }
          }}
        >
          <Form.Item
            name="oldPassword"
            label={t('account.oldPassword')}
            rules={[{ required: true, message: '' }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields />
          <Button type="primary" htmlType="submit">
            {t('account.changePassword')}
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
