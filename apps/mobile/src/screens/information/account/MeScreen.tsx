import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSupportUnread } from '../../../features/inbox/queries';
import { displayName, useUserInfo } from '../../../features/user/queries';
import { Balances } from '../../../shell/Balances';
import { Loading } from '../../../shell/common';
import { Menu } from '../../../shell/Menu';
import { LogoutButton } from './LogoutButton';

/** A withdrawal bar's reason is a code of the published list, named in the user's language. */
function restrictionReason(restriction: { kind: string; reason: string }, t: TFunction): string {
  return restriction.kind === 'withdrawal_barred'
    ? t(`withdrawalBar.reasons.${restriction.reason}`, { defaultValue: restriction.reason })
    : restriction.reason;
}

/** Me (/information/index): total assets, available, frozen, profit, the menu. */
export default function MeScreen() {
  const { t } = useTranslation();
  const info = useUserInfo();
  const supportUnread = useSupportUnread().data?.unread ?? 0;
  return (
    <div data-testid="screen-information">
      <header className="me-header">
        <h1 data-testid="me-name">{info.data ? displayName(info.data) : t('titles.information')}</h1>
        {info.data && (
          <p>
            {info.data.account} · {t('me.identity')}: {t(`me.identityStates.${info.data.identityState}`)}
          </p>
        )}
      </header>
      {info.isPending && <Loading />}
      {info.data?.restrictions.map((restriction) => (
        <p key={restriction.kind} className="card restriction" role="alert">
          {t('me.restricted', {
            reason: `${t(`me.restrictionKinds.${restriction.kind}`)} — ${restrictionReason(restriction, t)}`,
          })}
        </p>
      ))}
      {info.data && <Balances balances={info.data.balances} />}
      <Menu
        aria-label={t('me.menu.money')}
        items={[
          { route: 'wallet', label: t('me.menu.wallet') },
          { route: 'trade', label: t('titles.trade') },
          { route: 'recharge', label: t('me.menu.deposit') },
          { route: 'cashOut', label: t('me.menu.withdraw') },
          { route: 'exChange', label: t('me.menu.exchange') },
          { route: 'fundRecord', label: t('me.menu.records') },
          { route: 'authInfo', label: t('me.menu.identity') },
          { route: 'fundPass', label: t('me.menu.fundPassword') },
          { route: 'bankList', label: t('me.menu.bankCards') },
        ]}
      />
      <Menu
        aria-label={t('me.menu.services')}
        items={[
          { route: 'creditScore', label: t('me.menu.creditScore') },
          { route: 'loanList', label: t('me.menu.loans') },
          { route: 'checkIn', label: t('me.menu.checkIn') },
          { route: 'seatAccount', label: t('me.menu.seatAccount') },
          { route: 'margin', label: t('me.menu.margin') },
          { route: 'securitiesLending', label: t('me.menu.securitiesLending') },
        ]}
      />
      <Menu
        items={[
          { route: 'userInfo', label: t('me.menu.messages') },
          {
            route: 'support',
            label: t('supportChat.menu'),
            value:
              supportUnread > 0 ? (
                <span className="badge" data-testid="support-unread">
                  {t('supportChat.unread', { count: supportUnread })}
                </span>
              ) : undefined,
          },
          { route: 'priceAlerts', label: t('alerts.menu') },
          { route: 'notifications', label: t('notifications.menu') },
          { route: 'securityCenter', label: t('me.menu.securityCenter') },
          { route: 'loginPass', label: t('me.menu.loginPassword') },
          { route: 'changeLang', label: t('me.menu.language') },
          { route: 'setting', label: t('me.menu.settings') },
          { route: 'aboutInfo', label: t('me.menu.about') },
        ]}
      />
      <LogoutButton />
    </div>
  );
}
