import { formatDateTime } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { useSiteConfig } from '../../../features/config/queries';
import { useStoredPhoto } from '../../../features/identity/stored-photo';
import { useSupportSendMutation } from '../../../features/inbox/mutations';
import { useSupportThread, type SupportMessage } from '../../../features/inbox/queries';
import { openLink } from '../../../native/open-link';
import { classNames, EmptyState, Loading } from '../../../shell/common';
import styles from './inbox.module.css';

function Picture({ id }: { id: string }) {
  const { t } = useTranslation();
  const photo = useStoredPhoto(id);
  if (!photo.url) return <span className={styles.author}>{t('supportChat.picture')}</span>;
  return <img className={styles.picture} src={photo.url} alt={t('supportChat.picture')} />;
}

function Bubble({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const isMine = message.author === 'user';
  return (
    <li
      className={classNames(styles.bubble, isMine && styles.mine)}
      data-testid={`support-${message.author}`}
    >
      <span className={styles.author}>
        {isMine ? t('supportChat.you') : t('supportChat.staff')} ·{' '}
        {formatDateTime(message.createdAt, currentLanguage())}
      </span>
      {message.body && <span>{message.body}</span>}
      {message.attachmentId && <Picture id={message.attachmentId} />}
    </li>
  );
}

/** Support chat (/information/support): the conversation with support staff, beside the kefu link. */
export default function SupportScreen() {
  const { t } = useTranslation();
  const thread = useSupportThread();
  const config = useSiteConfig();
  const send = useSupportSendMutation();
  const [body, setBody] = useState('');
  const [picture, setPicture] = useState<File | null>(null);
  const kefu = config.data?.kefu;
  const canSend = body.trim() !== '' || picture !== null;

  const submit = () =>
    send.mutate(
      { body: body.trim(), picture },
      {
        onSuccess: () => {
          setBody('');
          setPicture(null);
        },
      },
    );

  return (
    <div data-testid="screen-support">
      <p className={styles.note}>{t('supportChat.intro')}</p>
      {kefu && (
        <p className={styles.note}>
          <Button size="small" onClick={() => void openLink(kefu)} data-testid="support-kefu">
            {t('supportChat.external')}
          </Button>
        </p>
      )}
      {thread.isPending ? (
        <Loading />
      ) : (thread.data?.messages ?? []).length === 0 ? (
        <EmptyState message={t('supportChat.empty')} />
      ) : (
        <ul className={styles.thread} aria-live="polite">
          {thread.data?.messages.map((message) => (
            <Bubble key={message.id} message={message} />
          ))}
        </ul>
      )}
      <form
        className={styles.compose}
        onSubmit={(event) => {
          event.preventDefault();
          if (canSend) submit();
        }}
      >
        <label htmlFor="support-body" className="visually-hidden">
          {t('supportChat.placeholder')}
        </label>
        <textarea
          id="support-body"
          value={body}
          maxLength={2000}
          placeholder={t('supportChat.placeholder')}
          onChange={(event) => setBody(event.target.value)}
          data-testid="support-body"
        />
        <div className={styles.row}>
          <label className="adm-button adm-button-default adm-button-small">
            {t('supportChat.attach')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic"
              hidden
              onChange={(event) => setPicture(event.target.files?.[0] ?? null)}
              data-testid="support-picture"
            />
          </label>
          {picture && (
            <Button size="small" fill="none" onClick={() => setPicture(null)}>
              {t('supportChat.remove')} ({picture.name})
            </Button>
          )}
        </div>
        <Button
          block
          color="primary"
          type="submit"
          disabled={!canSend}
          loading={send.isPending}
          data-testid="support-send"
        >
          {t('supportChat.send')}
        </Button>
      </form>
    </div>
  );
}
