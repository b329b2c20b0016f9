import { isErrorCode, type Decider } from '@beurs/contract/enums';
import { useTranslation } from 'react-i18next';
import { describeError } from '../app/i18n';

/**
 * A reviewer's reason in the user's language: a catalogued code (what the demo desk and the
 * review checks give) is translated; a staff member's own words are shown as written.
 */
export function reviewReasonText(reason: string): string {
  return isErrorCode(reason) ? describeError({ code: reason, params: {} }) : reason;
}

/** Who decided, when it was the demo desk: the user must see that a robot decided, by name. */
export function DecidedBy({ decider, className }: { decider: Decider | null; className?: string }) {
  const { t } = useTranslation();
  if (decider !== 'demo_desk') return null;
  return (
    <p className={className} data-testid="decided-by">
      {t('demoDesk.decidedBy', { name: t('demoDesk.name') })}
    </p>
  );
}
