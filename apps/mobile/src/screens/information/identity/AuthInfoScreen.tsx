import { formatDateTime } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, TOAST_DURATION_MS } from '../../../api/client';
import { currentLanguage, describeError } from '../../../app/i18n';
import { validateAuthForm, type AuthForm, type AuthFormErrors } from '../../../features/identity/auth-form';
import { PhotoRefusedError, useSubmitAuthMutation } from '../../../features/identity/mutations';
import { isPicture } from '../../../features/identity/photo-check';
import { useAuthInfo, type AuthInfo } from '../../../features/identity/queries';
import { useObjectUrl, useStoredPhoto } from '../../../features/identity/stored-photo';
import { EmptyState, Loading, LoadingOverlay } from '../../../shell/common';
import { DecidedBy, reviewReasonText } from '../../../shell/Decision';
import { Field, fieldMessageText, type FieldMessage } from '../../../shell/Field';
import { showToast } from '../../../shell/toast';
import styles from '../funds/wallet/wallet.module.css';

const empty: AuthForm = {
  realname: '',
  documentType: 'be_national_register',
  documentNumber: '',
  front: null,
  back: null,
};

/**
 * A photo picker with its preview (a blob URL of the chosen file, revoked when replaced). A file
 * that is no picture is refused when chosen: no broken preview, the field marked with its name.
 */
function PhotoField({
  label,
  file,
  error,
  onFile,
  onError,
  testId,
}: {
  label: string;
  file: Blob | null;
  error?: FieldMessage | undefined;
  onFile: (file: Blob | null) => void;
  onError: (error: FieldMessage | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const url = useObjectUrl(file);
  const choose = async (input: HTMLInputElement) => {
    const chosen = input.files?.[0] ?? null;
    if (chosen && !(await isPicture(chosen))) {
      // Nothing stays chosen: the field no longer names the refused file.
      input.value = '';
      onFile(null);
      onError({ key: 'authInfo.photoNotPicture', values: { side: label } });
      return;
    }
    onError(undefined);
    onFile(chosen);
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
        data-testid={testId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => void choose(event.currentTarget)}
      />
      {url && <img className={styles.idPreview} src={url} alt={t('authInfo.previewOf', { side: label })} />}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {fieldMessageText(t, error)}
        </p>
      )}
    </div>
  );
}

function AuthFormView({ resubmit }: { resubmit: boolean }) {
  const { t } = useTranslation();
  const submitAuth = useSubmitAuthMutation();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<AuthFormErrors>({});
  const set =
    <K extends keyof AuthForm>(field: K) =>
    (value: AuthForm[K]) =>
      setForm((previous) => ({ ...previous, [field]: value }));
  const setError = (field: keyof AuthForm) => (error: FieldMessage | undefined) =>
    setErrors((previous) => ({ ...previous, [field]: error }));

  /** A refusal about one photo or the ID number marks that field; any other is said in a toast. */
  const showRefusal = (failure: Error) => {
    if (failure instanceof PhotoRefusedError) {
      setErrors({ [failure.side]: { text: describeError(failure.refusal) } });
    } else if (failure instanceof ApiError && failure.code === 'ID_NUMBER_INVALID') {
      setErrors({ documentNumber: { text: describeError(failure) } });
    } else if (failure instanceof ApiError) {
      showToast(describeError(failure), TOAST_DURATION_MS);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAuthForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0 || !form.front || !form.back) return;
    submitAuth.mutate(
      {
        realname: form.realname.trim(),
        documentType: form.documentType,
        documentNumber: form.documentNumber.trim(),
        front: form.front,
        back: form.back,
      },
      { onSuccess: () => showToast(t('authInfo.submitted'), 2000), onError: showRefusal },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="auth-form">
      <Field
        label={t('authInfo.realname')}
        autoComplete="name"
        value={form.realname}
        error={errors.realname}
        onValueChange={set('realname')}
      />
      <div className="field">
        <label htmlFor="auth-document-type">{t('authInfo.documentType')}</label>
        <select
          id="auth-document-type"
          value={form.documentType}
          onChange={(event) => set('documentType')(event.target.value as AuthForm['documentType'])}
        >
          <option value="be_national_register">{t('authInfo.documentTypes.be_national_register')}</option>
          <option value="passport">{t('authInfo.documentTypes.passport')}</option>
        </select>
      </div>
      <Field
        label={t('authInfo.documentNumber')}
        autoComplete="off"
        value={form.documentNumber}
        error={errors.documentNumber}
        onValueChange={set('documentNumber')}
      />
      <PhotoField
        label={t('authInfo.front')}
        file={form.front}
        error={errors.front}
        onFile={set('front')}
        onError={setError('front')}
        testId="auth-front"
      />
      <PhotoField
        label={t('authInfo.back')}
        file={form.back}
        error={errors.back}
        onFile={set('back')}
        onError={setError('back')}
        testId="auth-back"
      />
      <p className="form-footer">{t('authInfo.photoRules')}</p>
      <Button block color="primary" size="large" type="submit" loading={submitAuth.isPending}>
        {resubmit ? t('authInfo.resubmit') : t('authInfo.submit')}
      </Button>
      <LoadingOverlay visible={submitAuth.isPending} />
    </form>
  );
}

/** One submitted photo, fetched with the session headers (it is private) and shown from a blob URL. */
function StoredPhoto({ id, side, testId }: { id: string; side: string; testId: string }) {
  const { t } = useTranslation();
  const photo = useStoredPhoto(id);
  return (
    <figure className={styles.idPhoto} data-testid={testId}>
      {photo.url ? (
        <img className={styles.idPreview} src={photo.url} alt={t('authInfo.submittedPhotoOf', { side })} />
      ) : photo.isError ? (
        <p className="field-error" role="alert">
          {t('authInfo.photoUnavailable')}
        </p>
      ) : (
        <Loading />
      )}
      <figcaption>{side}</figcaption>
    </figure>
  );
}

/** The photos of the latest submission: under review, verified or failed (to see what was refused). */
function SubmittedPhotos({ info }: { info: AuthInfo }) {
  const { t } = useTranslation();
  if (info.state === 'not_certified' || !info.frontImageId || !info.backImageId) return null;
  return (
    <section className="card" data-testid="auth-photos" aria-label={t('authInfo.submittedPhotos')}>
      <h2>{t('authInfo.submittedPhotos')}</h2>
      <div className={styles.idPhotos}>
        <StoredPhoto id={info.frontImageId} side={t('authInfo.front')} testId="auth-photo-front" />
        <StoredPhoto id={info.backImageId} side={t('authInfo.back')} testId="auth-photo-back" />
      </div>
    </section>
  );
}

function StateCard({ info }: { info: AuthInfo }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <section className="card auth-state" data-testid="auth-state">
      <p className={`status status-${info.state}`}>{t(`me.identityStates.${info.state}`)}</p>
      {info.realname && <p className="auth-name">{info.realname}</p>}
      {info.documentNumberMasked && <p className="numeric">{info.documentNumberMasked}</p>}
      {info.state === 'under_review' && <p>{t('authInfo.underReview')}</p>}
      {info.state === 'failed' && (
        <p className="callout callout-danger" role="alert" data-testid="auth-reason">
          {/* The reason is the reviewer's sentence; the message adds its own full stop. */}
          {t('authInfo.failedReason', {
            reason: reviewReasonText(info.reason).replace(/[\s.。!！]+$/u, ''),
          })}
        </p>
      )}
      {info.submittedAt && (
        <small className="numeric">
          {t('authInfo.submittedAt', { date: formatDateTime(info.submittedAt, language) })}
          {info.reviewedAt &&
            ` · ${t('authInfo.reviewedAt', { date: formatDateTime(info.reviewedAt, language) })}`}
        </small>
      )}
      <DecidedBy decider={info.reviewedBy} />
    </section>
  );
}

/** Real-name verification (/information/authInfo): the state, and the form when there is none or it failed. */
export default function AuthInfoScreen() {
  const info = useAuthInfo();
  if (info.isPending) return <Loading />;
  if (!info.data) return <EmptyState />;
  const canSubmit = info.data.state === 'not_certified' || info.data.state === 'failed';
  return (
    <div data-testid="screen-authInfo">
      <StateCard info={info.data} />
      <SubmittedPhotos info={info.data} />
      {canSubmit && <AuthFormView resubmit={info.data.state === 'failed'} />}
    </div>
  );
}
