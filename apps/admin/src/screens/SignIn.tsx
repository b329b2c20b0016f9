import { adminPaths } from '@beurs/contract/paths';
import { STAFF_PASSWORD_LENGTH } from '@beurs/contract/rules';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { api, type StaffLogin } from '../api';
import { LanguageSwitch } from '../LanguageSwitch';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import type { Step } from './sign-in-step';

// Staff sign-in in the steps the staff API asks for: username and password (and the two-factor
// code once it is set up); a first-start password is changed first; two-factor sign-in is set up
// at the first sign-in (QR code, first code, recovery codes shown once).

// The two-factor setup (QR code) is loaded only when needed.
const Enrol = lazy(() => import('./Enrol'));

export function SignIn() {
  const { t, errorText } = useI18n();
  const { setSession } = useSession();
  const [step, setStep] = useState<Step>({ kind: 'login' });
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      const code = (caught as { code?: string }).code;
      if (code === 'TWO_FACTOR_REQUIRED') setNeedsCode(true);
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  /** Moves on after a step: password change, then two-factor setup, then the app. */
  function next(login: StaffLogin, password: string) {
    if (login.mustChangePassword) setStep({ kind: 'change', login, password });
    else if (login.mustEnrolTwoFactor) setStep({ kind: 'enrol', login, password });
    else setSession(login);
  }

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <main
        style={{ width: 440, background: '#fff', borderRadius: 8, padding: 24, boxShadow: '0 1px 4px #0001' }}
      >
        <div
          style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}
        >
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('signIn.title')}
          </Typography.Title>
          <LanguageSwitch />
        </div>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        {step.kind === 'login' && (
          <Form
            layout="vertical"
            onFinish={(values: { username: string; password: string; code?: string }) =>
              run(async () => {
                const login = await api.call(
                  adminPaths.login,
                  {
                    username: values.username,
                    password: values.password,
                    ...(values.code ? { twoFactorCode: values.code } : {}),
                  },
                  { quiet: true },
                );
                // Kept at once: the next steps' calls need the token (the shell waits for both flags).
                setSession(login);
                next(login, values.password);
              })
            }
          >
            <Form.Item name="username" label={t('signIn.username')} rules={[{ required: true, message: '' }]}>
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item name="password" label={t('signIn.password')} rules={[{ required: true, message: '' }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            {needsCode && (
              <Form.Item name="code" label={t('signIn.code')} extra={t('signIn.codeHelp')}>
                <Input autoComplete="one-time-code" inputMode="numeric" autoFocus />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" loading={isBusy} block>
              {t('signIn.submit')}
            </Button>
          </Form>
        )}
        {step.kind === 'change' && (
          <Form
            layout="vertical"
            onFinish={(values: { newPassword: string }) =>
              run(async () => {
                await api.call(
                  adminPaths.changePassword,
                  { oldPassword: step.password, newPassword: values.newPassword },
                  { quiet: true },
                );
                next({ ...step.login, mustChangePassword: false }, values.newPassword);
              })
            }
          >
            <Typography.Paragraph>{t('signIn.mustChange')}</Typography.Paragraph>
            <NewPasswordFields />
            <Button type="primary" htmlType="submit" loading={isBusy} block>
              {t('account.changePassword')}
            </Button>
          </Form>
        )}
        {step.kind === 'enrol' && (
          <Suspense>
            <Enrol step={step} run={run} isBusy={isBusy} onDone={setStep} />
          </Suspense>
        )}
        {step.kind === 'recovery' && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph>{t('signIn.recoveryCodes')}</Typography.Paragraph>
            <Typography.Paragraph code copyable data-testid="recovery-codes">
              {step.codes.join('  ')}
            </Typography.Paragraph>
            <Button
              type="primary"
              block
              onClick={() => setSession({ ...step.login, mustEnrolTwoFactor: false })}
            >
              {t('signIn.continue')}
            </Button>
          </Space>
        )}
      </main>
    </div>
  );
}

/** New password twice, 12+ characters (the staff password rule). */
export function NewPasswordFields() {
  const { t } = useI18n();
  return (
    <>
      <Form.Item
        name="newPassword"
        label={t('account.newPassword')}
        extra={t('account.passwordRule', { min: STAFF_PASSWORD_LENGTH.min })}
        rules={[
          { required: true, min: STAFF_PASSWORD_LENGTH.min, max: STAFF_PASSWORD_LENGTH.max, message: '' },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '' },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('account.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
