// The trading PIN (the fund password asked on the confirm sheet). The user may let the app remember
// it for 15 minutes: it is kept in this module's memory only — never in local storage, session
// storage or a cookie — so a reload, a sign-out or the 15 minutes forget it.

export const PIN_MEMORY_MS = 15 * 60_000;

type Remembered = { pin: string; untilMs: number };

let remembered: Remembered | null = null;

export function rememberPin(pin: string, nowMs: number = Date.now()): void {
  remembered = { pin, untilMs: nowMs + PIN_MEMORY_MS };
}

/** The remembered PIN while its 15 minutes run, else null (and it is forgotten). */
export function rememberedPin(nowMs: number = Date.now()): string | null {
  if (remembered && nowMs < remembered.untilMs) return remembered.pin;
  remembered = null;
  return null;
}

/** Until when the PIN is remembered (epoch ms), or null. */
export function pinRememberedUntil(nowMs: number = Date.now()): number | null {
  return rememberedPin(nowMs) === null ? null : (remembered?.untilMs ?? null);
}

export function forgetPin(): void {
  remembered = null;
}
