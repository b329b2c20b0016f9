import { formatDateTime } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import {
  activeLock,
  validateFundPassword,
  type FundPasswordForm,
} from '../../../features/identity/fund-password';
import { useFundPasswordMutation, type FundPasswordAction } from '../../../features/identity/mutations';
import { useFundPasswordStatus } from '../../../features/identity/queries';
import { EmptyState, Loading, LoadingOverlay, classNames } from '../../../shell/common';
import { Field } from '../../../shell/Field';
import { useFormFields } from '../../../shell/use-form-fields';
import { showToast } from '../../../shell/toast';
import styles from '../funds/wallet/wallet.module.css';

const empty: FundPasswordForm = { oldPassword: '', loginPassword: '', newPassword: '', confirmPassword: '' };

const digits = { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*', type: 'password' } as const;

function FundPasswordFormView({ action }: { action: FundPasswordAction }) {
  const { t } = useTranslation();
  const mutation = useFundPasswordMutation();
  const { form, setForm, setErrors, field } = useFormFields<FundPasswordForm>(empty);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFundPassword(action, form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { newPassword, confirmPassword } = form;
    const request =
      action === 'set'
        ? { action, password: newPassword, confirmPassword }
        : action === 'change'
          ? { action, oldPassword: form.oldPassword, newPassword, confirmPassword }
          : { action, loginPassword: form.loginPassword, newPassword, confirmPassword };
    mutation.mutate(request, {
      onSuccess: () => {
        setForm(empty);
        showToast(t(`fundPass.done.${action}`), 2000);
      },
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid={`fund-pass-${action}`}>
      {action === 'change' && (
        <Field label={t('fundPass.oldPassword')} autoComplete="off" {...field('oldPassword')} {...digits} />
      )}
      {action === 'reset' && (
        <Field
          label={t('fundPass.loginPassword')}
          type="password"
          autoComplete="current-password"
          {...field('loginPassword')}
        />
      )}
      <Field label={t('fundPass.newPassword')} autoComplete="off" {...field('newPassword')} {...digits} />
      <Field
        label={t('fundPass.confirmPassword')}
        autoComplete="off"
        {...field('confirmPassword')}
        {...digits}
      />
      <p className="form-footer">{t('fundPass.rule')}</p>
      <Button block color="primary" size="large" type="submit" loading={mutation.isPending}>
        {t(`fundPass.submit.${action}`)}
      </Button>
      <LoadingOverlay visible={mutation.isPending} />
    </form>
  );
}

/** Fund password (/information/fundPass): set it, change it, or reset it with the login password. */
export default function FundPassScreen() {
  const { t } = useTranslation();
  const status = useFundPasswordStatus();
  const [mode, setMode] = useState<'change' | 'reset'>('change');
  if (status.isPending) return <Loading />;
  if (!status.data) return <EmptyState />;
  const lock = activeLock(status.data.lockedUntil, Date.now());
  return (
    <div data-testid="screen-fundPass">
      <section className="card" data-testid="fund-pass-status">
        <p>{status.data.isSet ? t('fundPass.isSet') : t('fundPass.notSet')}</p>
        {lock && (
          <p className="field-error" role="alert" data-testid="fund-pass-locked">
            {t('fundPass.locked', { until: formatDateTime(lock, currentLanguage()) })}
          </p>
        )}
      </section>
      {status.data.isSet ? (
        <>
          <div className={classNames(styles.walletActions, styles.segmented)} role="group">
            {(['change', 'reset'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={mode === option}
                onClick={() => setMode(option)}
                data-testid={`fund-pass-mode-${option}`}
              >
                {t(`fundPass.mode.${option}`)}
              </button>
            ))}
          </div>
          <FundPasswordFormView key={mode} action={mode} />
        </>
      ) : (
        <FundPasswordFormView action="set" />
      )}
    </div>
  );
}
