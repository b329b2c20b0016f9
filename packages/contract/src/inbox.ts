import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import {
  notificationKinds,
  priceAlertConditions,
  priceAlertStates,
  supportAuthors,
  type MessageKind,
  type NotificationKind,
} from './enums';
import { adminSupportPaths, inboxPaths } from './paths';
import { pageFields, pageOf } from './paging';
import { emptyRequest, languageSchema } from './users';

// Support chat, price alerts, notification settings and Web Push (issue 14, items 3 and 4). The
// in-app messages themselves (money events, alerts, support replies) are listed with the notices
// by `/user/notice`, rendered in the reader's language from their kind and parameters.

/** Which push switch each kind of message follows. */
export const notificationKindOf: Readonly<Record<MessageKind, NotificationKind>> = {
  identity_approved: 'identity',
  identity_rejected: 'identity',
  deposit_credited: 'deposits',
  deposit_rejected: 'deposits',
  withdrawal_paid: 'withdrawals',
  withdrawal_rejected: 'withdrawals',
  deposit_overdue: 'deposits',
  withdrawal_overdue: 'withdrawals',
  fund_password_locked: 'security',
  price_alert: 'price_alerts',
  support_reply: 'support',
  professional_approved: 'identity',
  professional_rejected: 'identity',
  order_filled: 'trading',
  margin_call: 'margin',
  margin_liquidation: 'margin',
  short_recall: 'margin',
};

export const SUPPORT_MESSAGE_LENGTH_MAX = 2000;
export const PRICE_ALERTS_ACTIVE_MAX = 50;
/** A daily-change alert's percentage is at most this. */
export const PRICE_ALERT_CHANGE_PERCENT_MAX = 100;

const idText = z.string().regex(/^\d{1,18}$/, 'a numeric id');

export const supportMessageData = z.object({
  id: z.string(),
  author: z.enum(supportAuthors),
  body: z.string(),
  /** The attached picture's id (fetch it at `uploadFilePath(id)` with the session), or null. */
  attachmentId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

const supportThreadData = z.object({ messages: z.array(supportMessageData) });

const supportSendRequest = z.strictObject({
  body: z.string().trim().max(SUPPORT_MESSAGE_LENGTH_MAX).default(''),
  attachmentId: idText.optional(),
});

export const priceAlertData = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  condition: z.enum(priceAlertConditions),
  /** The level: a price in the instrument's currency, or a percentage for the change alerts. */
  value: z.string(),
  currency: z.string(),
  state: z.enum(priceAlertStates),
  createdAt: z.iso.datetime(),
  triggeredAt: z.iso.datetime().nullable(),
  /** The price that fired it. */
  triggeredPrice: z.string().nullable(),
});

const notificationSettingsData = z.array(
  z.object({ kind: z.enum(notificationKinds), isPushEnabled: z.boolean() }),
);

/** A browser's push subscription as `PushSubscription.toJSON()` gives it. */
const pushSubscriptionInput = z.strictObject({
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  keys: z.strictObject({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'a base64url P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, 'a base64url authentication secret'),
  }),
  expirationTime: z.number().nullish(),
});

export const inboxEndpoints = defineEndpoints(inboxPaths, {
  supportThread: {
    auth: 'user',
    summary: 'Your conversation with support, oldest first; reading it marks the answers read.',
    request: emptyRequest,
    data: supportThreadData,
  },
  supportSend: {
    auth: 'user',
    summary: 'Write to support: text, a picture uploaded with /upload/image, or both.',
    request: supportSendRequest,
    data: supportMessageData,
  },
  supportUnread: {
    auth: 'user',
    summary: 'How many answers from support you have not read yet (the unread dot).',
    request: emptyRequest,
    data: z.object({ unread: z.number().int() }),
  },
  alertList: {
    auth: 'user',
    summary: 'Your price alerts, newest first.',
    request: emptyRequest,
    data: z.array(priceAlertData),
  },
  alertCreate: {
    auth: 'user',
    summary:
      "Set a price alert: price above or below a level, or the day's change up or down by a percentage. It fires once, as a message (and a push notification when on).",
    request: z.strictObject({
      symbol: z.string().trim().min(1).max(24),
      condition: z.enum(priceAlertConditions),
      value: z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'a positive decimal like "52.10" or "5"'),
    }),
    data: priceAlertData,
  },
  alertCancel: {
    auth: 'user',
    summary: 'Cancel an active price alert.',
    request: z.strictObject({ id: idText }),
    data: priceAlertData,
  },
  notificationSettings: {
    auth: 'user',
    summary: 'Push notifications on or off for each kind of message (every message stays in Messages).',
    request: emptyRequest,
    data: notificationSettingsData,
  },
  notificationSettingsSave: {
    auth: 'user',
    summary: 'Turn push notifications on or off for one kind of message.',
    request: z.strictObject({ kind: z.enum(notificationKinds), isPushEnabled: z.boolean() }),
    data: notificationSettingsData,
  },
  pushKey: {
    auth: 'user',
    summary: "The server's VAPID public key (base64url) for PushManager.subscribe.",
    request: emptyRequest,
    data: z.object({ publicKey: z.string() }),
  },
  pushSubscribe: {
    auth: 'user',
    summary: "Register this browser's push subscription; messages are pushed in the language given.",
    request: z.strictObject({
      subscription: pushSubscriptionInput,
      language: languageSchema,
    }),
    data: z.null(),
  },
  pushUnsubscribe: {
    auth: 'user',
    summary: "Forget this browser's push subscription.",
    request: z.strictObject({ endpoint: z.string().max(2048) }),
    data: z.null(),
  },
});

export const adminSupportConversationData = z.object({
  userId: z.string(),
  account: z.string(),
  lastMessageAt: z.iso.datetime(),
  lastMessage: z.string(),
  /** The user's messages support has not read yet. */
  unread: z.number().int(),
});

export const adminSupportEndpoints = defineEndpoints(adminSupportPaths, {
  supportConversations: {
    auth: 'staff',
    summary: 'Support conversations, those with unread messages first, then the latest.',
    request: z.strictObject({ ...pageFields }),
    data: pageOf(adminSupportConversationData),
  },
  supportThread: {
    auth: 'staff',
    summary: "A user's support conversation, oldest first; reading it marks the user's messages read.",
    request: z.strictObject({ userId: idText }),
    data: z.object({ account: z.string(), messages: z.array(supportMessageData) }),
  },
  supportReply: {
    auth: 'staff',
    summary:
      'Answer a user in their support conversation; they get a message (and a push notification when on).',
    request: z.strictObject({
      userId: idText,
      body: z.string().trim().min(1).max(SUPPORT_MESSAGE_LENGTH_MAX),
    }),
    data: supportMessageData,
  },
});

export { adminSupportRoles } from './admin-roles';
