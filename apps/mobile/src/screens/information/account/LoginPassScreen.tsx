import { Button } from 'antd-mobile';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useChangePasswordMutation } from '../../../features/user/mutations';
import {
  hasErrors,
  validateChangePassword,
  type ChangePasswordForm,
} from '../../../features/user/validation';
import { pathOf } from '../../../routes/paths';
import { LoadingOverlay } from '../../../shell/common';
import { Field } from '../../../shell/Field';
import { useFormFields } from '../../../shell/use-form-fields';
import { showToast } from '../../../shell/toast';

const empty: ChangePasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

export default function LoginPassScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangePasswordMutation();
  const { form, setForm, setErrors, field } = useFormFields<ChangePasswordForm>(empty);

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
        type="password"
        autoComplete="current-password"
        {...field('oldPassword')}
      />
      <Field
        label={t('loginPass.newPassword')}
        type="password"
        autoComplete="new-password"
        {...field('newPassword')}
      />
      <Field
        label={t('loginPass.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      <Button block color="primary" size="large" type="submit" loading={change.isPending}>
        {t('loginPass.submit')}
      </Button>
      <LoadingOverlay visible={change.isPending} />
    </form>
  );
}
