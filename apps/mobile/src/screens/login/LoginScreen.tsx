import { Button } from 'antd-mobile';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLoginMutation } from '../../features/user/mutations';
import { hasErrors, validateLogin, type LoginForm } from '../../features/user/validation';
import { pathOf } from '../../routes/paths';
import { storageKeys } from '../../session/storage';
import { Brand } from '../../shell/Brand';
import { LoadingOverlay } from '../../shell/common';
import { Field } from '../../shell/Field';
import { useFormFields } from '../../shell/use-form-fields';

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLoginMutation();
  const { form, setErrors, field } = useFormFields<LoginForm>(() => ({
    account: localStorage.getItem(storageKeys.account) ?? '',
    password: '',
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(form);
    setErrors(found);
    if (hasErrors(found)) return;
    login.mutate(
      { account: form.account.trim(), password: form.password },
      { onSuccess: () => void navigate(pathOf('loginAfter'), { replace: true }) },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="screen-login">
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
