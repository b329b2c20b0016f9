import { isErrorCode, type MessageKind } from '@beurs/contract';
import {
  formatCurrency,
  formatDateTime,
  formatMoney,
  loadMessages,
  type Language,
  type Messages,
} from '@beurs/i18n';
import type { MessageParams } from './messages.repository';

// A message's text in the reader's language: the kind picks the title and sentence from the
// locale (`inbox.<kind>`), the parameters fill them, formatted for that language (amounts with
// their currency, times in the funds time zone). Nothing in English is stored.

export type MessageText = { title: string; content: string };

const loaded = new Map<Language, Promise<Messages>>();
const messagesOf = (language: Language): Promise<Messages> => {
  let messages = loaded.get(language);
  if (!messages) {
    messages = loadMessages(language);
    loaded.set(language, messages);
  }
  return messages;
};

const interpolate = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

/** Each parameter as the reader should see it. */
function shownParams(
  params: MessageParams,
  messages: Messages,
  language: Language,
  timeZone: string,
): Record<string, string> {
  const shown: Record<string, string> = { ...params };
  const currency = params.currency === 'EUR' || params.currency === 'USD' ? params.currency : null;
  const isChange = params.condition === 'change_up' || params.condition === 'change_down';
  for (const name of ['amount', 'payout', 'fee', 'price', 'level', 'equity', 'requirement'] as const) {
    const value = params[name];
    if (value === undefined) continue;
    if (name === 'level' && isChange) shown.level = formatMoney(value, language);
    else shown[name] = currency ? formatCurrency(value, currency, language) : formatMoney(value, language);
  }
  // A margin call's levels: percentages with two decimals.
  for (const name of ['marginLevel', 'callLevel', 'liquidationLevel'] as const) {
    const value = params[name];
    if (value !== undefined) shown[name] = formatMoney(value, language);
  }
  if (params.until !== undefined) shown.until = formatDateTime(params.until, language, timeZone);
  // A reviewer's reason is either their own words or a catalogued reason code (the demo desk's).
  if (params.reason !== undefined && isErrorCode(params.reason)) {
    shown.reason = (messages.errors as Record<string, string>)[params.reason] ?? params.reason;
  }
  if (params.side === 'buy' || params.side === 'sell') shown.side = messages.inbox.sides[params.side];
  if (params.condition !== undefined) {
    const conditions = messages.inbox.conditions as Record<string, string>;
    shown.condition = interpolate(conditions[params.condition] ?? params.condition, shown);
  }
  return shown;
}

export async function messageText(
  kind: MessageKind,
  params: MessageParams,
  language: Language,
  timeZone: string,
): Promise<MessageText> {
  const messages = await messagesOf(language);
  const texts = messages.inbox[kind];
  const shown = shownParams(params, messages, language, timeZone);
  return { title: interpolate(texts.title, shown), content: interpolate(texts.content, shown) };
}
