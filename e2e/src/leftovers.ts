import { loadMessages, type Language } from '@beurs/i18n';
import type { Page } from 'playwright-core';

// English left on a translated screen: every English message is cut at its placeholders, and each
// piece long enough to be a phrase (two words, ten characters) that the other language does not
// also use is looked for in what the page shows (its text, and its labels, placeholders and alt
// texts). Names and codes that stay the same in every language ("IBAN", "TOB") are not phrases.

const PLACEHOLDER = /\{\{[^}]+\}\}/;

/** The English phrases a screen in `language` must not show. */
export async function englishPhrases(language: Language): Promise<string[]> {
  const [english, other] = await Promise.all([loadMessages('en'), loadMessages(language)]);
  const otherTexts = new Set<string>();
  const collect = (value: unknown) => {
    if (typeof value === 'string') otherTexts.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(other);
  const otherText = [...otherTexts].join('\n');
  const phrases = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      for (const piece of value.split(PLACEHOLDER)) {
        const phrase = piece.trim();
        if (phrase.length >= 10 && /\p{L}{2,}\s+\p{L}{2,}/u.test(phrase) && !otherText.includes(phrase)) {
          phrases.add(phrase);
        }
      }
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(walk);
    }
  };
  walk(english);
  return [...phrases];
}

/** What the page shows a person: its text, and the labels, placeholders and alt texts. */
export function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [placeholder], [alt], [title]')].flatMap(
      (node) => ['aria-label', 'placeholder', 'alt', 'title'].map((name) => node.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, ...attributes].join('\n');
  });
}

/** The phrases of `phrases` found in `text`. */
export const leftoversIn = (text: string, phrases: readonly string[]): string[] =>
  phrases.filter((phrase) => text.includes(phrase));
