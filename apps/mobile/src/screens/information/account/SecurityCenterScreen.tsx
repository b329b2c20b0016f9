import { formatDateTime } from '@beurs/i18n';
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { useRevokeOtherSessionsMutation, useRevokeSessionMutation } from '../../../features/user/mutations';
import { useSessions, useSignInHistory, type SessionItem } from '../../../features/user/queries';
import { EmptyState, Loading } from '../../../shell/common';
import { showToast } from '../../../shell/toast';
import { TwoFactorSection } from './TwoFactorSection';

// Checked in this order: an Android phone's agent also names Linux, an iPhone's Mac OS X, and
// Edge's and Opera's also name Chrome and Safari.
const browsers = [
  ['Edg/', 'Edge'],
  ['OPR/', 'Opera'],
  ['Firefox/', 'Firefox'],
  ['Chrome/', 'Chrome'],
  ['Safari/', 'Safari'],
] as const;
const systems = [
  ['Android', 'Android'],
  ['iPhone', 'iPhone'],
  ['iPad', 'iPad'],
  ['Windows', 'Windows'],
  ['CrOS', 'CrOS'],
  ['Mac OS X', 'macOS'],
  ['Linux', 'Linux'],
] as const;

/** A short device description from a user-agent string. */
export function describeAgent(userAgent: string): string {
  const nameIn = (names: readonly (readonly [string, string])[]) =>
    names.find(([mark]) => userAgent.includes(mark))?.[1];
  return [nameIn(browsers), nameIn(systems)].filter(Boolean).join(' · ');
}

function SessionRow({ session }: { session: SessionItem }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const revoke = useRevokeSessionMutation();
  return (
    <li
      className="session-item"
      data-testid={session.isCurrent ? 'session-current' : `session-${session.id}`}
    >
      <span className="agent">
        {describeAgent(session.userAgent) || t('security.unknownDevice')}
        {session.isCurrent && ` — ${t('security.thisDevice')}`}
      </span>
      <small>{t('security.signedIn', { date: formatDateTime(session.createdAt, language) })}</small>
      <small>{t('security.lastSeen', { date: formatDateTime(session.lastSeenAt, language) })}</small>
      {session.ipAddress && <small>{t('security.address', { ip: session.ipAddress })}</small>}
      {!session.isCurrent && (
        <Button
          size="small"
          color="danger"
          fill="outline"
          loading={revoke.isPending}
          data-testid={`revoke-${session.id}`}
          onClick={() =>
            revoke.mutate(session.id, { onSuccess: () => showToast(t('security.signedOut'), 2000) })
          }
        >
          {t('security.signOut')}
        </Button>
      )}
    </li>
  );
}

/** Every sign-in to the account, newest first: time, device and address. */
function SignInHistory() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const history = useSignInHistory();
  return (
    <>
      <h2 className="section-title">{t('twoFactor.historyTitle')}</h2>
      {history.isPending ? (
        <Loading />
      ) : (history.data ?? []).length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="menu" data-testid="sign-in-history">
          {(history.data ?? []).map((signIn, index) => (
            <li key={`${signIn.signedInAt}-${index}`} className="session-item">
              <span className="agent">
                {describeAgent(signIn.userAgent) || t('security.unknownDevice')}
                {signIn.isCurrent && ` — ${t('twoFactor.historyCurrent')}`}
              </span>
              <small className="numeric">{formatDateTime(signIn.signedInAt, language)}</small>
              {signIn.ipAddress && <small>{t('security.address', { ip: signIn.ipAddress })}</small>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Active sessions: sign out one or all others (server calls). */
function Sessions() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessionsMutation();
  // Declarative dialog: antd-mobile's imperative Dialog.confirm needs React 18's legacy render.
  const [isConfirming, setConfirming] = useState(false);
  if (sessions.isPending) return <Loading />;
  const list = sessions.data ?? [];
  if (list.length === 0) return <EmptyState />;
  const others = list.filter((session) => !session.isCurrent);

  const revokeAllOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: (data) => showToast(t('security.signedOutOthers', { count: data.revoked }), 2000),
    });

  return (
    <>
      <h2 className="section-title">{t('security.sessions')}</h2>
      <ul className="menu">
        {[...list]
          .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent))
          .map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
      </ul>
      <div className="actions">
        {others.length > 0 ? (
          <Button
            block
            color="danger"
            loading={revokeOthers.isPending}
            onClick={() => setConfirming(true)}
            data-testid="revoke-others"
          >
            {t('security.signOutOthers')}
          </Button>
        ) : (
          <p className="form-footer">{t('security.noOthers')}</p>
        )}
      </div>
      <Dialog
        visible={isConfirming}
        content={t('security.confirmSignOutOthers')}
        closeOnAction
        onClose={() => setConfirming(false)}
        onAction={(action) => {
          if (action.key === 'confirm') revokeAllOthers();
        }}
        actions={[
          [
            { key: 'cancel', text: t('common.cancel') },
            { key: 'confirm', text: t('common.confirm'), bold: true, danger: true },
          ],
        ]}
      />
    </>
  );
}

/** Security centre: two-factor sign-in, active sessions and the sign-in history. */
export default function SecurityCenterScreen() {
  return (
    <div data-testid="screen-securityCenter">
      <TwoFactorSection />
      <Sessions />
      <SignInHistory />
    </div>
  );
}
