import { describe, expect, it } from 'vitest';
import { formatRate, formatTimeZone } from './format';
import { loadMessages } from './index';
import { frenchSpacing, percentSuffix } from './typography';

const NBSP = '\u00a0';

/** Every string of a message tree with its key path. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, path ? `${path}.${key}` : key));
  }
  return [];
}

describe('French typography', () => {
  it('puts a non-breaking space before : ; ? ! % » and after «', () => {
    expect(frenchSpacing('Disponible : {{amount}}')).toBe(`Disponible${NBSP}: {{amount}}`);
    expect(frenchSpacing('Annuler ce dépôt? Oui!')).toBe(`Annuler ce dépôt${NBSP}? Oui${NBSP}!`);
    expect(frenchSpacing('TOB {{rate}} %; frais')).toBe(`TOB {{rate}}${NBSP}%${NBSP}; frais`);
    expect(frenchSpacing('« simulé »')).toBe(`«${NBSP}simulé${NBSP}»`);
  });

  it('leaves times, addresses and ratios alone', () => {
    expect(frenchSpacing('entre 09:00 et 17:30')).toBe('entre 09:00 et 17:30');
    expect(frenchSpacing('https://www.fsma.be/fr/mises-en-garde')).toBe(
      'https://www.fsma.be/fr/mises-en-garde',
    );
    expect(frenchSpacing('{{a}}:{{b}}')).toBe('{{a}}:{{b}}');
  });

  it('every French message, as loaded, keeps its signs on the line of the word before', async () => {
    const french = strings(await loadMessages('fr'));
    expect(french.length).toBeGreaterThan(500);
    const broken = french.filter(([, text]) => /[ \t][:;?!%»]|[\p{L}}][;?!](\s|$)|«[ \t]/u.test(text));
    expect(broken).toEqual([]);
  });

  it('leaves the other languages as written', async () => {
    const english = strings(await loadMessages('en'));
    expect(english.find(([key]) => key === 'fundRecord.balance.both')?.[1]).toBe(
      'Available {{available}} · frozen {{frozen}}',
    );
    expect(percentSuffix('en')).toBe('%');
    expect(percentSuffix('fr')).toBe(`${NBSP}%`);
  });
});

describe('rates and time zones in the user language', () => {
  it('writes a rate with the language decimal mark, at its own decimals', () => {
    expect(formatRate('1.162000', 'fr')).toBe('1,162000');
    expect(formatRate('0.947956', 'de')).toBe('0,947956');
    expect(formatRate('1.162000', 'en')).toBe('1.162000');
  });

  it('names a time zone instead of its id', () => {
    expect(formatTimeZone('Europe/Brussels', 'en')).toBe('Central European Time');
    expect(formatTimeZone('Europe/Brussels', 'fr')).toBe('heure d’Europe centrale');
    expect(formatTimeZone('Europe/Brussels', 'zh')).toBe('中歐時間');
    expect(formatTimeZone('America/New_York', 'nl')).toBe('Eastern-tijd');
    expect(formatTimeZone('UTC', 'en')).toBe('Coordinated Universal Time');
    expect(formatTimeZone('Not/AZone', 'en')).toBe('Not/AZone');
  });
});
