import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, type FieldMessage } from './Field';

/**
 * The second factor, wherever it is asked (sign-in, withdrawal, new payout card, turning two-factor
 * off): six digits from the authenticator app, or — after a tap — one of the recovery codes.
 */
export function TwoFactorCodeField({
  value,
  error,
  onValueChange,
  autoFocus,
}: {
  value: string;
  error?: FieldMessage | undefined;
  onValueChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [isRecovery, setRecovery] = useState(false);
  return (
    <>
      <Field
        label={isRecovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
        placeholder={isRecovery ? 'XXXXX-XXXXX' : '123456'}
        inputMode={isRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize={isRecovery ? 'characters' : 'off'}
        spellCheck={false}
        maxLength={isRecovery ? 13 : 6}
        autoFocus={autoFocus}
        value={value}
        error={error}
        onValueChange={onValueChange}
        name="twoFactorCode"
      />
      <Button
        type="button"
        fill="none"
        size="small"
        color="primary"
        onClick={() => {
          setRecovery(!isRecovery);
          onValueChange('');
        }}
      >
        {isRecovery ? t('twoFactor.useAppCode') : t('twoFactor.useRecoveryCode')}
      </Button>
    </>
  );
}
