import { Button, Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { useNotificationSettingMutation } from '../../../features/inbox/mutations';
import { disablePush, enablePush, pushState, type PushState } from '../../../features/inbox/push';
import { useNotificationSettings } from '../../../features/inbox/queries';
import { Loading } from '../../../shell/common';
import styles from './inbox.module.css';

/** Notifications (/information/notifications): push on this device, and push per kind of message. */
export default function NotificationsScreen() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const save = useNotificationSettingMutation();
  const [state, setState] = useState<PushState | null>(null);
  const [isBusy, setBusy] = useState(false);

  useEffect(() => {
    void pushState().then(setState);
  }, []);

  const run = (action: () => Promise<PushState>) => {
    setBusy(true);
    void action()
      .then(setState)
      .finally(() => setBusy(false));
  };

  return (
    <div data-testid="screen-notifications">
      <p className={styles.note}>{t('notifications.intro')}</p>
      <section className="card" data-testid="push-state">
        {state === 'unsupported' && <p>{t('notifications.unsupported')}</p>}
        {state === 'denied' && <p>{t('notifications.denied')}</p>}
        {state === 'off' && (
          <>
            <p>{t('notifications.pushOff')}</p>
            <Button color="primary" loading={isBusy} onClick={() => run(() => enablePush(currentLanguage()))}>
              {t('notifications.enable')}
            </Button>
          </>
        )}
        {state === 'on' && (
          <>
            <p>{t('notifications.pushOn')}</p>
            <Button loading={isBusy} onClick={() => run(disablePush)}>
              {t('notifications.disable')}
            </Button>
          </>
        )}
      </section>
      {settings.isPending ? (
        <Loading />
      ) : (
        <ul className="menu">
          {(settings.data ?? []).map((setting) => (
            <li key={setting.kind} className={styles.setting}>
              <span className="menu-label">{t(`notifications.kinds.${setting.kind}`)}</span>
              <Switch
                aria-label={t(`notifications.kinds.${setting.kind}`)}
                checked={setting.isPushEnabled}
                onChange={(checked) => save.mutate({ kind: setting.kind, isPushEnabled: checked })}
                data-testid={`push-kind-${setting.kind}`}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
