import { describe, expect, it, vi } from 'vitest';
import { createBackButtonHandler } from './back-button';

function setup(canGoBack = true) {
  let now = 10_000;
  const deps = {
    now: () => now,
    canGoBack: vi.fn(() => canGoBack),
    goBack: vi.fn(),
    exitApp: vi.fn(),
    hint: vi.fn(),
  };
  return { press: createBackButtonHandler(deps), deps, advance: (ms: number) => (now += ms) };
}

describe('Android back button', () => {
  it('goes back on a single press', () => {
    const { press, deps } = setup();
    press();
    expect(deps.goBack).toHaveBeenCalledTimes(1);
    expect(deps.exitApp).not.toHaveBeenCalled();
  });

  it('quits on a second press within 1 s', () => {
    const { press, deps, advance } = setup();
    press();
    advance(999);
    press();
    expect(deps.exitApp).toHaveBeenCalledTimes(1);
    expect(deps.goBack).toHaveBeenCalledTimes(1);
  });

  it('goes back again when the second press comes after 1 s', () => {
    const { press, deps, advance } = setup();
    press();
    advance(1_000);
    press();
    expect(deps.exitApp).not.toHaveBeenCalled();
    expect(deps.goBack).toHaveBeenCalledTimes(2);
  });

  it('starts a new window after quitting is not confirmed', () => {
    const { press, deps, advance } = setup();
    press();
    advance(1_500);
    press();
    advance(500);
    press();
    expect(deps.exitApp).toHaveBeenCalledTimes(1);
  });

  it('hints that another press quits when there is nothing to go back to', () => {
    const { press, deps, advance } = setup(false);
    press();
    expect(deps.hint).toHaveBeenCalledTimes(1);
    expect(deps.goBack).not.toHaveBeenCalled();
    advance(300);
    press();
    expect(deps.exitApp).toHaveBeenCalledTimes(1);
  });
});
