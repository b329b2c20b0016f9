import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useTwoFactorDisableMutation,
  useTwoFactorEnableMutation,
  useTwoFactorSetupMutation,
} from '../../../features/user/mutations';
import { userQueries, useTwoFactorStatus } from '../../../features/user/queries';
import { normaliseTwoFactorCode, validateTwoFactorCode } from '../../../features/user/validation';
import { Loading } from '../../../shell/common';
import { Field } from '../../../shell/Field';
import { showToast } from '../../../shell/toast';
import { TwoFactorCodeField } from '../../../shell/TwoFactorCodeField';
import { AddressQr } from '../funds/wallet/AddressQr';
import styles from './security.module.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'scan'; secret: string; otpauthUri: string }
  | { kind: 'codes'; recoveryCodes: string[] }
  | { kind: 'turnOff' };

/** The key in groups of four, as authenticator apps show it (they ignore the spaces). */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

const passwordError = (password: string) => (password ? undefined : 'twoFactor.passwordRequired');

/** Turning on: the login password, then the QR code and key, then a first code. */
function TurnOn({ step, setStep }: { step: Step; setStep: (step: Step) => void }) {
  const { t } = useTranslation();
  const setup = useTwoFactorSetupMutation();
  const enable = useTwoFactorEnableMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (step.kind === 'password') {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      const found = passwordError(password);
      setError(found);
      if (found) return;
      setup.mutate(password, {
        onSuccess: (data) => {
          setPassword('');
          setStep({ kind: 'scan', ...data });
        },
      });
    };
    return (
      <form className={styles.section} onSubmit={submit} noValidate data-testid="two-factor-password">
        <Field
          label={t('twoFactor.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onValueChange={setPassword}
          autoFocus
        />
        <Button block color="primary" type="submit" loading={setup.isPending}>
          {t('twoFactor.next')}
        </Button>
        <Button block fill="none" type="button" onClick={() => setStep({ kind: 'idle' })}>
          {t('common.cancel')}
        </Button>
      </form>
    );
  }

  if (step.kind !== 'scan') return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = /^\d{6}$/.test(code.trim()) ? undefined : 'twoFactor.sixDigits';
    setError(found);
    if (found) return;
    enable.mutate(code.trim(), {
      onSuccess: (data) => setStep({ kind: 'codes', recoveryCodes: data.recoveryCodes }),
      onError: () => setCode(''),
    });
  };
  return (
    <form className={styles.section} onSubmit={submit} noValidate data-testid="two-factor-scan">
      <p>{t('twoFactor.scan')}</p>
      <AddressQr value={step.otpauthUri} alt={t('twoFactor.qrAlt')} className={styles.qr} />
      <p>{t('twoFactor.secret')}</p>
      <p className={styles.secret} data-testid="two-factor-secret">
        {grouped(step.secret)}
      </p>
      <Field
        label={t('twoFactor.code')}
        placeholder="123456"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        error={error}
        onValueChange={setCode}
      />
      <Button block color="primary" type="submit" loading={enable.isPending}>
        {t('twoFactor.confirm')}
      </Button>
      <Button block fill="none" type="button" onClick={() => setStep({ kind: 'idle' })}>
        {t('common.cancel')}
      </Button>
    </form>
  );
}

/** The ten recovery codes, shown once; the user says they saved them before leaving. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [isSaved, setSaved] = useState(false);
  return (
    <div className={styles.section} data-testid="two-factor-codes">
      <p className={styles.state}>{t('twoFactor.recoveryTitle')}</p>
      <p>{t('twoFactor.recoveryHelp')}</p>
      <ol className={styles.codes}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <label className={styles.saved}>
        <input type="checkbox" checked={isSaved} onChange={(event) => setSaved(event.target.checked)} />
        <span>{t('twoFactor.saved')}</span>
      </label>
      <Button block color="primary" disabled={!isSaved} onClick={onDone}>
        {t('twoFactor.done')}
      </Button>
    </div>
  );
}

/** Turning off: the login password and a code (or a recovery code). */
function TurnOff({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useTwoFactorDisableMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { password: passwordError(password), code: validateTwoFactorCode(code) };
    setErrors(found);
    if (found.password || found.code) return;
    disable.mutate(
      { password, code: normaliseTwoFactorCode(code) },
      {
        onSuccess: () => {
          showToast(t('twoFactor.turnedOff'), 2000);
          onClose();
        },
        onError: () => setCode(''),
      },
    );
  };
  return (
    <form className={styles.section} onSubmit={submit} noValidate data-testid="two-factor-off">
      <p>{t('twoFactor.offHelp')}</p>
      <Field
        label={t('twoFactor.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onValueChange={setPassword}
      />
      <TwoFactorCodeField value={code} error={errors.code} onValueChange={setCode} />
      <Button block color="danger" type="submit" loading={disable.isPending}>
        {t('twoFactor.turnOff')}
      </Button>
      <Button block fill="none" type="button" onClick={onClose}>
        {t('common.cancel')}
      </Button>
    </form>
  );
}

/** Two-factor sign-in in the security centre: its state, turning it on and off. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useTwoFactorStatus();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const close = () => setStep({ kind: 'idle' });

  const body = () => {
    if (step.kind === 'codes')
      return (
        <RecoveryCodes
          codes={step.recoveryCodes}
          onDone={() => {
            close();
            showToast(t('twoFactor.turnedOn'), 2000);
            void queryClient.invalidateQueries({ queryKey: userQueries.twoFactor().queryKey });
          }}
        />
      );
    if (step.kind === 'password' || step.kind === 'scan') return <TurnOn step={step} setStep={setStep} />;
    if (step.kind === 'turnOff') return <TurnOff onClose={close} />;
    if (status.isPending) return <Loading />;
    if (!status.data) return null;
    return status.data.isEnabled ? (
      <div className={styles.section}>
        <p className={styles.state} data-testid="two-factor-state">
          {t('twoFactor.isOn')}
        </p>
        <p>{t('twoFactor.codesLeft', { count: status.data.recoveryCodesLeft })}</p>
        <Button block color="danger" fill="outline" onClick={() => setStep({ kind: 'turnOff' })}>
          {t('twoFactor.turnOff')}
        </Button>
      </div>
    ) : (
      <div className={styles.section}>
        <p className={styles.state} data-testid="two-factor-state">
          {t('twoFactor.isOff')}
        </p>
        <Button block color="primary" onClick={() => setStep({ kind: 'password' })}>
          {t('twoFactor.turnOn')}
        </Button>
      </div>
    );
  };

  return (
    <>
      <h2 className="section-title">{t('twoFactor.title')}</h2>
      <section className="card">{body()}</section>
    </>
  );
}
