import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, TOAST_DURATION_MS } from '../../../api/client';
import { describeError } from '../../../app/i18n';
import { normaliseBic, normaliseIban } from '@beurs/contract/rules';
import { validateBankCard, type BankCardForm } from '../../../features/funds/bank-card';
import { useAddBankCardMutation } from '../../../features/funds/mutations';
import { withScamCheck } from '../../../features/funds/scam-check';
import { useTwoFactorStatus } from '../../../features/user/queries';
import { normaliseTwoFactorCode, validateTwoFactorCode } from '../../../features/user/validation';
import { pathOf } from '../../../routes/paths';
import { Loading, LoadingOverlay } from '../../../shell/common';
import { Field } from '../../../shell/Field';
import { useFormFields } from '../../../shell/use-form-fields';
import { showToast } from '../../../shell/toast';
import { TwoFactorCodeField } from '../../../shell/TwoFactorCodeField';
import { useIdentityGate, type IdentityGate } from './wallet/IdentityGate';
import { useScamCheckDialog } from './wallet/ScamCheckDialog';

function CardForm({ holderName, gate }: { holderName: string; gate: IdentityGate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddBankCardMutation();
  const scam = useScamCheckDialog();
  const { form, setForm, setErrors, field } = useFormFields<BankCardForm>({
    holderName,
    iban: '',
    bic: '',
    bankName: '',
    branch: '',
  });
  const [isBusy, setBusy] = useState(false);
  // With two-factor sign-in on, a new payout card asks for a code as well (sent as twoFactorCode).
  const twoFactor = useTwoFactorStatus();
  const isCodeAsked = twoFactor.data?.isEnabled === true;
  const [twoFactorCode, setTwoFactorCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  // The verified name arrives when a reviewer decides while the form is open: shown at once.
  const [holderShown, setHolderShown] = useState(holderName);
  if (holderShown !== holderName) {
    setHolderShown(holderName);
    setForm((previous) => ({ ...previous, holderName }));
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateBankCard(form);
    setErrors(found);
    const foundCode = isCodeAsked ? validateTwoFactorCode(twoFactorCode) : undefined;
    setCodeError(foundCode);
    if (Object.keys(found).length > 0 || foundCode) return;
    const request = {
      holderName: form.holderName.trim(),
      iban: normaliseIban(form.iban),
      bic: normaliseBic(form.bic),
      bankName: form.bankName.trim(),
      branch: form.branch.trim(),
      ...(isCodeAsked && { twoFactorCode: normaliseTwoFactorCode(twoFactorCode) }),
    };
    setBusy(true);
    try {
      const result = await withScamCheck(() => add.mutateAsync(request), scam.ask);
      if (result.done) {
        showToast(t('bankCard.added'), TOAST_DURATION_MS);
        void navigate(pathOf('bankList'), { replace: true });
      }
    } catch (failure) {
      if (failure instanceof ApiError) showToast(describeError(failure), TOAST_DURATION_MS);
      // A code is good once: the next attempt needs the app's next code.
      setTwoFactorCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="screen-addBankCard"
    >
      {gate.notice}
      <Field label={t('bankCard.holder')} {...field('holderName')} readOnly={holderName !== ''} />
      <p className="form-footer">{t('bankCard.holderRule')}</p>
      <Field label={t('bankCard.iban')} {...field('iban')} autoComplete="off" />
      <Field label={t('bankCard.bic')} {...field('bic')} autoComplete="off" />
      <Field label={t('bankCard.bankName')} {...field('bankName')} />
      <Field label={t('bankCard.branch')} {...field('branch')} />
      {isCodeAsked && (
        <TwoFactorCodeField value={twoFactorCode} error={codeError} onValueChange={setTwoFactorCode} />
      )}
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        loading={isBusy}
        disabled={gate.isBlocked || twoFactor.isPending}
      >
        {t('bankCard.submit')}
      </Button>
      <LoadingOverlay visible={isBusy} />
      {scam.element}
    </form>
  );
}

/** Add a payout card (/information/addBankCard): the holder is the verified real name. */
export default function AddBankCardScreen() {
  const gate = useIdentityGate();
  if (gate.isPending) return <Loading />;
  return <CardForm holderName={gate.realname} gate={gate} />;
}
