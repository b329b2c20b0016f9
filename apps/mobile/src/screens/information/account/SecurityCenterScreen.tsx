import { formatDateTime } from '@beurs/i18n';
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { useRevokeOtherSessionsMutation, useRevokeSessionMutation } from '../../../features/user/mutations';
import { useSessions, type SessionItem } from '../../../features/user/queries';
import { EmptyState, Loading } from '../../../shell/common';
import { showToast } from '../../../shell/toast';

/** A short device description from a user-agent string. */
export function describeAgent(userAgent: string): string {
  const browser = /(Edg|OPR|Chrome|Firefox|Safari)\/[\d.]+/
    .exec(userAgent)?.[1]
    ?.replace('Edg', 'Edge')
    .replace('OPR', 'Opera');
  const system = /(Android|iPhone|iPad|Windows|Mac OS X|Linux|CrOS)/
    .exec(userAgent)?.[1]
    ?.replace('Mac OS X', 'macOS');
  return [browser, system].filter(Boolean).join(' · ');
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

/** Security center: active sessions, sign out one or all others (server calls). */
export default function SecurityCenterScreen() {
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
    <div data-testid="screen-securityCenter">
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
    </div>
  );
}
