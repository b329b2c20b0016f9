import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRegisterMutation } from '../../features/user/mutations';
import { hasErrors, validateRegister, type Errors, type RegisterForm } from '../../features/user/validation';
import { pathOf } from '../../routes/route-table';
import { storageKeys } from '../../session/storage';
import { LoadingOverlay } from '../../shell/common';
import { Field } from '../../shell/Field';
import { showToast } from '../../shell/toast';

const empty: RegisterForm = { account: '', password: '', confirmPassword: '', invitationCode: '' };

export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegisterMutation();
  const [form, setForm] = useState<RegisterForm>(empty);
  const [errors, setErrors] = useState<Errors<keyof RegisterForm>>({});
  const set = (field: keyof RegisterForm) => (value: string) =>
    setForm((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegister(form);
    setErrors(found);
    if (hasErrors(found)) return;
    const request = { ...form, account: form.account.trim(), invitationCode: form.invitationCode.trim() };
    register.mutate(request, {
      onSuccess: (data) => {
        localStorage.setItem(storageKeys.account, data.account);
        showToast(t('register.created'), 2000);
        void navigate(pathOf('login'), { replace: true });
      },
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="screen-register">
      <Field
        label={t('register.account')}
        placeholder={t('register.accountPlaceholder')}
        name="account"
        inputMode="numeric"
        autoComplete="username"
        value={form.account}
        error={errors.account}
        onValueChange={set('account')}
      />
      <Field
        label={t('register.password')}
        placeholder={t('register.passwordPlaceholder')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        error={errors.password}
        onValueChange={set('password')}
      />
      <Field
        label={t('register.confirmPassword')}
        placeholder={t('register.confirmPasswordPlaceholder')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={form.confirmPassword}
        error={errors.confirmPassword}
        onValueChange={set('confirmPassword')}
      />
      <Field
        label={t('register.invitationCode')}
        placeholder={t('register.invitationCodePlaceholder')}
        name="invitationCode"
        autoComplete="off"
        value={form.invitationCode}
        error={errors.invitationCode}
        onValueChange={set('invitationCode')}
      />
      <Button block color="primary" size="large" type="submit" loading={register.isPending}>
        {t('register.submit')}
      </Button>
      <p className="form-footer">
        {t('register.haveAccount')} <Link to={pathOf('login')}>{t('register.toLogin')}</Link>
      </p>
      <LoadingOverlay visible={register.isPending} />
    </form>
  );
}
