import type { Language } from '@beurs/i18n';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Direction } from './quote-format';

// Up/down colours follow the user's choice (DESIGN.md §2 "App"): green-up or red-up. Without a
// choice, red means up for Chinese and Korean readers and green means up for everyone else.

export const PRICE_COLOURS_KEY = 'priceColours';
export const colourSchemes = ['green-up', 'red-up'] as const;
export type ColourScheme = (typeof colourSchemes)[number];

// Contrast (WCAG): #067d43 is 5.22:1 on white and 4.83:1 on the page (#f5f6f8); #d4302b 4.93 and 4.56.
export const GREEN = '#067d43';
export const RED = '#d4302b';
export const FLAT = '#6b7280';

const CHANGED = 'beurs:price-colours';

export function defaultScheme(language: Language): ColourScheme {
  return language === 'zh' || language === 'ko' ? 'red-up' : 'green-up';
}

function storedScheme(): ColourScheme | null {
  const stored = localStorage.getItem(PRICE_COLOURS_KEY);
  return stored === 'green-up' || stored === 'red-up' ? stored : null;
}

export function saveColourScheme(scheme: ColourScheme): void {
  localStorage.setItem(PRICE_COLOURS_KEY, scheme);
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  return () => window.removeEventListener(CHANGED, onChange);
}

/** The scheme in use: the stored choice, else the language's default. */
export function useColourScheme(): ColourScheme {
  const { i18n } = useTranslation();
  const stored = useSyncExternalStore(subscribe, storedScheme);
  return stored ?? defaultScheme(i18n.language as Language);
}

export function colourOf(direction: Direction, scheme: ColourScheme): string {
  if (direction === 'flat') return FLAT;
  const isGreen = (direction === 'up') === (scheme === 'green-up');
  return isGreen ? GREEN : RED;
}

/** A CSS class for a price that moved in `direction`: `tone-green`, `tone-red` or `tone-flat`. */
export function toneClass(direction: Direction, scheme: ColourScheme): string {
  if (direction === 'flat') return 'tone-flat';
  return colourOf(direction, scheme) === GREEN ? 'tone-green' : 'tone-red';
}

/** The up and down colours, for the chart. */
export function upDownColours(scheme: ColourScheme): { up: string; down: string } {
  return { up: colourOf('up', scheme), down: colourOf('down', scheme) };
}
