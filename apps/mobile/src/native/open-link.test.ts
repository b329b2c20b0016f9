import { describe, expect, it, vi } from 'vitest';
import { openLink, type LinkTarget } from './open-link';

const url = 'https://support.example/chat';
const base = (): LinkTarget => ({ open: vi.fn(() => ({})), location: { href: 'app://' } });

describe('openLink', () => {
  it('uses the Android bridge when present', () => {
    const target = { ...base(), android: { openUrl: vi.fn() } };
    expect(openLink(url, target)).toBe('bridge');
    expect(target.android.openUrl).toHaveBeenCalledWith(url);
    expect(target.open).not.toHaveBeenCalled();
  });

  it('uses the iOS message handler when present', () => {
    const postMessage = vi.fn();
    const target = { ...base(), webkit: { messageHandlers: { openUrl: { postMessage } } } };
    expect(openLink(url, target)).toBe('bridge');
    expect(postMessage).toHaveBeenCalledWith(url);
  });

  it('uses the Capacitor Browser plugin inside the native shell', () => {
    const open = vi.fn(async () => undefined);
    const target = { ...base(), Capacitor: { isNativePlatform: () => true, Plugins: { Browser: { open } } } };
    expect(openLink(url, target)).toBe('bridge');
    expect(open).toHaveBeenCalledWith({ url });
  });

  it('opens a new window in a browser', () => {
    const target = base();
    expect(openLink(url, target)).toBe('window');
    expect(target.open).toHaveBeenCalledWith(url, '_blank', 'noopener,noreferrer');
  });

  it('changes the location when the window is blocked', () => {
    const target = { ...base(), open: vi.fn(() => null) };
    expect(openLink(url, target)).toBe('location');
    expect(target.location.href).toBe(url);
  });
});
