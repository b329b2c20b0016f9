import { isRefusal } from '@beurs/api-client';
import { adminSupportPaths } from '@beurs/contract/paths';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Empty, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../api';
import { useI18n } from '../i18n';
import { Loadable, PrivateImage, useFormat } from '../ui';

// Support conversations, those with unread messages first: a support agent reads a user's thread
// (which marks it read) and answers; the user gets the answer as a message.

export default function Support() {
  const { t } = useI18n();
  const format = useFormat();
  const [userId, setUserId] = useState<string | null>(null);
  const conversations = useQuery({
    queryKey: ['support'],
    refetchInterval: 15_000,
    queryFn: () => api.call(adminSupportPaths.supportConversations, { pageSize: 100 }, { quiet: true }),
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.support')}
      </Typography.Title>
      <Loadable
        query={conversations}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('support.empty')}
      >
        {(data) => (
          <div
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(380px, 1fr))', gap: 16 }}
          >
            <Card size="small">
              <List
                dataSource={data.items}
                renderItem={(item) => (
                  <List.Item
                    onClick={() => setUserId(item.userId)}
                    style={{
                      cursor: 'pointer',
                      background: item.userId === userId ? '#e6f0ff' : undefined,
                      padding: '8px 12px',
                    }}
                    data-testid={`conversation-${item.account}`}
                  >
                    <List.Item.Meta
                      title={
                        <Space>
                          {item.account}
                          <Badge count={item.unread} />
                        </Space>
                      }
                      description={`${format.time(item.lastMessageAt)} · ${item.lastMessage}`}
                    />
                  </List.Item>
                )}
              />
            </Card>
            {userId && <Thread key={userId} userId={userId} />}
          </div>
        )}
      </Loadable>
    </Space>
  );
}

/** One user's conversation: reading it marks it read (and is audited); an answer is sent from here. */
export function Thread(props: { userId: string }) {
  const { t, errorText } = useI18n();
  const format = useFormat();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [isBusy, setBusy] = useState(false);
  const thread = useQuery({
    queryKey: ['support-thread', props.userId],
    queryFn: async () => {
      const answer = await api.call(
        adminSupportPaths.supportThread,
        { userId: props.userId },
        { quiet: true },
      );
      void queryClient.invalidateQueries({ queryKey: ['support'] });
      return answer;
    },
  });
  const send = async () => {
    if (!text.trim() || isBusy) return;
    setBusy(true);
    try {
      await api.call(
        adminSupportPaths.supportReply,
        { userId: props.userId, body: text.trim() },
        { quiet: true },
      );
      setText('');
      await thread.refetch();
    } catch (caught) {
      void message.error(errorText(caught));
    } finally {
      setBusy(false);
    }
  };
  if (isRefusal(thread.error, 'SUPPORT_CONVERSATION_NOT_FOUND')) {
    return <Empty description={t('support.noConversation')} />;
  }
  return (
    <Card size="small" title={thread.data?.account ?? ''} data-testid="support-thread">
      <Loadable query={thread}>
        {(data) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {data.messages.map((item) => (
              <div
                key={item.id}
                style={{
                  alignSelf: item.author === 'user' ? 'flex-start' : 'flex-end',
                  background: item.author === 'user' ? '#f0f0f0' : '#e6f0ff',
                  borderRadius: 8,
                  padding: '6px 10px',
                  maxWidth: '80%',
                }}
              >
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(item.author === 'user' ? 'support.fromUser' : 'support.fromSupport')} ·{' '}
                  {format.time(item.createdAt)}
                </Typography.Text>
                {item.body && <div style={{ whiteSpace: 'pre-wrap' }}>{item.body}</div>}
                {item.attachmentId && (
                  <PrivateImage id={item.attachmentId} alt={t('support.attachment')} width={200} />
                )}
              </div>
            ))}
            <Input.TextArea
              aria-label={t('support.reply')}
              value={text}
              autoSize={{ minRows: 2, maxRows: 6 }}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
              }}
            />
            <Button type="primary" loading={isBusy} disabled={!text.trim()} onClick={() => void send()}>
              {t('support.send')}
            </Button>
          </Space>
        )}
      </Loadable>
    </Card>
  );
}
