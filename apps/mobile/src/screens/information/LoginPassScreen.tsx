import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useChangePasswordMutation } from '../../features/user/mutations';
import {
  hasErrors,
  validateChangePassword,
  type ChangePasswordForm,
  type Errors,
} from '../../features/user/validation';
import { pathOf } from '../../routes/route-table';
import { LoadingOverlay } from '../../shell/common';
import { Field } from '../../shell/Field';
import { showToast } from '../../shell/toast';

const empty: ChangePasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

export default function LoginPassScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangePasswordMutation();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Errors<keyof ChangePasswordForm>>({});
  const set = (field: keyof ChangePasswordForm) => (value: string) =>
    setForm((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateChangePassword(form);
    setErrors(found);
    if (hasErrors(found)) return;
    change.mutate(form, {
      onSuccess: () => {
        showToast(t('loginPass.changed'), 2000);
        setForm(empty);
        void navigate(pathOf('information'), { replace: true });
      },
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="screen-loginPass">
      <Field
        label={t('loginPass.oldPassword')}
        name="oldPassword"
        type="password"
        autoComplete="current-password"
        value={form.oldPassword}
        error={errors.oldPassword}
        onValueChange={set('oldPassword')}
      />
      <Field
        label={t('loginPass.newPassword')}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={form.newPassword}
        error={errors.newPassword}
        onValueChange={set('newPassword')}
      />
      <Field
        label={t('loginPass.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={form.confirmPassword}
        error={errors.confirmPassword}
        onValueChange={set('confirmPassword')}
      />
      <Button block color="primary" size="large" type="submit" loading={change.isPending}>
        {t('loginPass.submit')}
      </Button>
      <LoadingOverlay visible={change.isPending} />
    </form>
  );
}
