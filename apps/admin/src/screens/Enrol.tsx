import { adminPaths } from '@beurs/contract/paths';
import { Button, Form, Input, QRCode, Space, Typography } from 'antd';
import { useState } from 'react';
import { api, type StaffLogin } from '../api';
import { useI18n } from '../i18n';
import type { Step } from './sign-in-step';

// Setting up two-factor sign-in: the secret as a QR code and as text, then a first code; the
// server answers ten recovery codes, which the sign-in shows once.

export default function Enrol(props: {
  step: { kind: 'enrol'; login: StaffLogin; password: string };
  run: (action: () => Promise<void>) => Promise<void>;
  isBusy: boolean;
  onDone: (step: Step) => void;
}) {
  const { t } = useI18n();
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const { step, run, isBusy } = props;
  if (!setup) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>{t('signIn.mustEnrol')}</Typography.Paragraph>
        <Button
          type="primary"
          block
          loading={isBusy}
          onClick={() =>
            run(async () =>
              setSetup(
                await api.call(adminPaths.twoFactorSetup, { password: step.password }, { quiet: true }),
              ),
            )
          }
        >
          {t('signIn.startEnrol')}
        </Button>
      </Space>
    );
  }
  return (
    <Form
      layout="vertical"
      onFinish={(values: { code: string }) =>
        run(async () => {
          const { recoveryCodes } = await api.call(
            adminPaths.twoFactorEnable,
            { code: values.code },
            { quiet: true },
          );
          props.onDone({ kind: 'recovery', login: step.login, codes: recoveryCodes });
        })
      }
    >
      <Typography.Paragraph>{t('signIn.scan')}</Typography.Paragraph>
      <QRCode value={setup.otpauthUri} size={180} />
      <Typography.Paragraph copyable={{ text: setup.secret }} data-testid="two-factor-secret">
        {t('signIn.secret', { secret: setup.secret })}
      </Typography.Paragraph>
      <Form.Item name="code" label={t('signIn.code')} rules={[{ required: true, message: '' }]}>
        <Input autoComplete="one-time-code" inputMode="numeric" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isBusy} block>
        {t('signIn.confirmEnrol')}
      </Button>
    </Form>
  );
}
