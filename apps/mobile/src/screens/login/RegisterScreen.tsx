import { Button } from 'antd-mobile';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRegisterMutation } from '../../features/user/mutations';
import { hasErrors, validateRegister, type RegisterForm } from '../../features/user/validation';
import { pathOf } from '../../routes/paths';
import { storageKeys } from '../../session/storage';
import { LoadingOverlay } from '../../shell/common';
import { Field } from '../../shell/Field';
import { useFormFields } from '../../shell/use-form-fields';
import { showToast } from '../../shell/toast';

const empty: RegisterForm = { account: '', password: '', confirmPassword: '', invitationCode: '' };

export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegisterMutation();
  const { form, setErrors, field } = useFormFields<RegisterForm>(empty);

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
        inputMode="numeric"
        autoComplete="username"
        {...field('account')}
      />
      <Field
        label={t('register.password')}
        placeholder={t('register.passwordPlaceholder')}
        type="password"
        autoComplete="new-password"
        {...field('password')}
      />
      <Field
        label={t('register.confirmPassword')}
        placeholder={t('register.confirmPasswordPlaceholder')}
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      <Field
        label={t('register.invitationCode')}
        placeholder={t('register.invitationCodePlaceholder')}
        autoComplete="off"
        {...field('invitationCode')}
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
