import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthInfo } from '../../../../features/identity/queries';
import { pathOf } from '../../../../routes/paths';
import { classNames } from '../../../../shell/common';
import styles from './wallet.module.css';

export type IdentityGate = {
  isPending: boolean;
  /** The identity is known not to be verified yet: the form's button stays disabled. */
  isBlocked: boolean;
  /** The verified real name, '' until verified. */
  realname: string;
  /** What blocks the form, said at its top before anything is typed; null when nothing does. */
  notice: ReactNode;
};

/**
 * A deposit or a payout card needs a verified identity: the form says so at its top and keeps its
 * button disabled until then. The state follows a reviewer's decision without a reload (the
 * identity is asked again while under review and when the app comes back to the front, see
 * PendingDecisions). When the state cannot be read, nothing is blocked here: the server checks.
 */
export function useIdentityGate(): IdentityGate {
  const { t } = useTranslation();
  const auth = useAuthInfo();
  const state = auth.data?.state;
  const isBlocked = state !== undefined && state !== 'authenticated';
  const notice = isBlocked ? (
    <div
      className={classNames('callout', styles.identityGate)}
      role="status"
      data-testid="identity-gate"
      data-state={state}
    >
      <p>{t(`identityGate.${state}`)}</p>
      {state !== 'under_review' && <Link to={pathOf('authInfo')}>{t('identityGate.verify')}</Link>}
    </div>
  ) : null;
  return {
    isPending: auth.isPending,
    isBlocked,
    realname: state === 'authenticated' ? (auth.data?.realname ?? '') : '',
    notice,
  };
}
