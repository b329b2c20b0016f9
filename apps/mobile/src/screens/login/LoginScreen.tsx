import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLoginMutation } from '../../features/user/mutations';
import { hasErrors, validateLogin, type Errors, type LoginForm } from '../../features/user/validation';
import { pathOf } from '../../routes/route-table';
import { storageKeys } from '../../session/storage';
import { Brand } from '../../shell/Brand';
import { LoadingOverlay } from '../../shell/common';
import { Field } from '../../shell/Field';

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLoginMutation();
  const [form, setForm] = useState<LoginForm>(() => ({
    account: localStorage.getItem(storageKeys.account) ?? '',
    password: '',
  }));
  const [errors, setErrors] = useState<Errors<keyof LoginForm>>({});
  const set = (field: keyof LoginForm) => (value: string) =>
    setForm((previous) => ({ ...previous, [field]: value }));

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
        name="account"
        inputMode="numeric"
        autoComplete="username"
        value={form.account}
        error={errors.account}
        onValueChange={set('account')}
      />
      <Field
        label={t('login.password')}
        placeholder={t('login.passwordPlaceholder')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.password}
        error={errors.password}
        onValueChange={set('password')}
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
