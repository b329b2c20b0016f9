import { Button, Dialog } from 'antd-mobile';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openLink } from '../../../../native/open-link';
import { recordScamCheck, type ScamCheckTrigger } from '../../../../features/funds/scam-check';
import styles from './wallet.module.css';
import { classNames } from '../../../../shell/common';

type Pending = { trigger: ScamCheckTrigger; resolve: (proceed: boolean) => void };

/**
 * The safety question of DESIGN.md §1.12. `ask(trigger)` opens it and resolves true when the user
 * answered "no" (the answer is recorded, the call may be repeated); "yes" is recorded too, then the
 * pattern is explained with the regulator's warning list and nothing goes on.
 */
export function useScamCheckDialog() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [warningUrl, setWarningUrl] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const pendingRef = useRef<Pending | null>(null);

  const ask = useCallback(
    (trigger: ScamCheckTrigger) =>
      new Promise<boolean>((resolve) => {
        const next = { trigger, resolve };
        pendingRef.current = next;
        setWarningUrl(null);
        setPending(next);
      }),
    [],
  );

  const close = (proceed: boolean) => {
    pendingRef.current?.resolve(proceed);
    pendingRef.current = null;
    setPending(null);
    setWarningUrl(null);
  };

  const answer = async (wasTold: boolean) => {
    if (!pending) return;
    setSaving(true);
    try {
      const result = await recordScamCheck(pending.trigger, wasTold);
      if (wasTold) setWarningUrl(result.warningListUrl);
      else close(true);
    } catch {
      close(false);
    } finally {
      setSaving(false);
    }
  };

  const element = (
    <Dialog
      visible={pending !== null}
      closeOnMaskClick
      onClose={() => close(false)}
      content={
        <div role="dialog" aria-labelledby="scam-check-title" data-testid="scam-check">
          <h2 id="scam-check-title" className="section-title">
            {t('scam.title')}
          </h2>
          {warningUrl === null ? (
            <>
              <p>{t('scam.question')}</p>
              <p className="form-footer">{t('scam.pattern')}</p>
              <div className="actions">
                <Button block color="primary" loading={isSaving} onClick={() => void answer(false)}>
                  {t('scam.answerNo')}
                </Button>
                <Button block fill="outline" disabled={isSaving} onClick={() => void answer(true)}>
                  {t('scam.answerYes')}
                </Button>
                <Button block fill="none" onClick={() => close(false)}>
                  {t('common.cancel')}
                </Button>
              </div>
            </>
          ) : (
            <>
              <p data-testid="scam-warning">{t('scam.warning')}</p>
              <p className={classNames('form-footer', styles.walletAddress)}>{warningUrl}</p>
              <div className="actions">
                <Button
                  block
                  color="primary"
                  onClick={() => {
                    openLink(warningUrl);
                  }}
                >
                  {t('scam.warningList')}
                </Button>
                <Button block fill="outline" onClick={() => close(false)}>
                  {t('scam.stop')}
                </Button>
              </div>
            </>
          )}
        </div>
      }
    />
  );

  return { ask, element };
}
