import type { Language } from './languages';

// French typography: a non-breaking space before ":" ";" "?" "!" "%" and "»" and after "«", so the
// sign never starts a line of its own. Applied to the French messages when they are loaded, so a
// message written with an ordinary space (or none before "; ? !") is shown right.

const NBSP = '\u00a0';

/** One French text with its non-breaking spaces; other languages unchanged. */
export function frenchSpacing(text: string): string {
  return (
    text
      // An ordinary space (or none, before ; ? !) before the sign becomes a non-breaking one.
      .replace(/[ \t]+([:;?!%»])/g, `${NBSP}$1`)
      .replace(/([\p{L}\p{N}}%])([;?!])(?=\s|$)/gu, `$1${NBSP}$2`)
      .replace(/«[ \t]*/g, `«${NBSP}`)
  );
}

/** Every string of a message tree, in French typography when the language is French. */
export function withTypography<T>(messages: T, language: Language): T {
  if (language !== 'fr') return messages;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return frenchSpacing(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    }
    return value;
  };
  return walk(messages) as T;
}

/** The percent sign after a number: "1,45 %" (non-breaking) in French, "1.45%" elsewhere. */
export const percentSuffix = (language: Language): string => (language === 'fr' ? `${NBSP}%` : '%');
