import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, isRefusal, TOAST_DURATION_MS } from '../../api/client';
import { describeError } from '../../app/i18n';
import { useLoginMutation } from '../../features/user/mutations';
import {
  hasErrors,
  normaliseTwoFactorCode,
  validateLogin,
  validateTwoFactorCode,
  type LoginForm,
} from '../../features/user/validation';
import { pathOf } from '../../routes/paths';
import { storageKeys } from '../../session/storage';
import { Brand } from '../../shell/Brand';
import { LoadingOverlay } from '../../shell/common';
import { Field } from '../../shell/Field';
import { showToast } from '../../shell/toast';
import { TwoFactorCodeField } from '../../shell/TwoFactorCodeField';
import { useFormFields } from '../../shell/use-form-fields';
import styles from './login.module.css';

/**
 * Sign-in: phone number and password; when the account has two-factor sign-in on, the server
 * answers TWO_FACTOR_REQUIRED and the screen asks for the code (or a recovery code) and signs in
 * again with the same password and the code.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLoginMutation();
  const { form, setErrors, field } = useFormFields<LoginForm>(() => ({
    account: localStorage.getItem(storageKeys.account) ?? '',
    password: '',
  }));
  const [isAskingCode, setAskingCode] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

  const signIn = (twoFactorCode?: string) =>
    login.mutate(
      { account: form.account.trim(), password: form.password, ...(twoFactorCode && { twoFactorCode }) },
      {
        onSuccess: () => void navigate(pathOf('loginAfter'), { replace: true }),
        onError: (error) => {
          if (!twoFactorCode && isRefusal(error, 'TWO_FACTOR_REQUIRED')) {
            setAskingCode(true);
            return;
          }
          if (error instanceof ApiError) showToast(describeError(error), TOAST_DURATION_MS);
          if (twoFactorCode) setCode('');
        },
      },
    );

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(form);
    setErrors(found);
    if (hasErrors(found)) return;
    signIn();
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const found = validateTwoFactorCode(code);
    setCodeError(found);
    if (found) return;
    signIn(normaliseTwoFactorCode(code));
  };

  if (isAskingCode) {
    return (
      <form className="form" onSubmit={submitCode} noValidate data-testid="screen-login-code">
        <Brand />
        <h2 className={styles.codeTitle}>{t('twoFactor.signInTitle')}</h2>
        <p className={styles.codeHelp}>{t('twoFactor.signInHelp', { account: form.account.trim() })}</p>
        <TwoFactorCodeField value={code} error={codeError} onValueChange={setCode} autoFocus />
        <Button block color="primary" size="large" type="submit" loading={login.isPending}>
          {t('login.submit')}
        </Button>
        <Button
          block
          fill="none"
          type="button"
          onClick={() => {
            setAskingCode(false);
            setCode('');
            setCodeError(undefined);
          }}
        >
          {t('twoFactor.otherAccount')}
        </Button>
        <LoadingOverlay visible={login.isPending} />
      </form>
    );
  }

  return (
    <form className="form" onSubmit={submitPassword} noValidate data-testid="screen-login">
      <Brand />
      <Field
        label={t('login.account')}
        placeholder={t('login.accountPlaceholder')}
        inputMode="numeric"
        autoComplete="username"
        {...field('account')}
      />
      <Field
        label={t('login.password')}
        placeholder={t('login.passwordPlaceholder')}
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      <Button block color="primary" size="large" type="submit" loading={login.isPending}>
        {t('login.submit')}
      </Button>
      <p className="form-footer">
        {t('login.noAccount')} <Link to={pathOf('register')}>{t('login.toRegister')}</Link>
      </p>
      <LoadingOverlay visible={login.isPending} />
    </form>
  );
}
