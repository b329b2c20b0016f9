// Links open through the native bridge when there is one (Android or iOS), else in a new window,
// else by changing the location (spec section 7).

type Bridges = {
  android?: { openUrl?: (url: string) => void };
  webkit?: { messageHandlers?: { openUrl?: { postMessage: (url: string) => void } } };
  Capacitor?: {
    isNativePlatform?: () => boolean;
    Plugins?: { Browser?: { open: (options: { url: string }) => Promise<void> } };
  };
};

export type LinkTarget = Bridges & {
  open: (url: string, target: string, features: string) => unknown;
  location: { href: string };
};

export function openLink(
  url: string,
  target: LinkTarget = window as unknown as LinkTarget,
): 'bridge' | 'window' | 'location' {
  if (target.android?.openUrl) {
    target.android.openUrl(url);
    return 'bridge';
  }
  if (target.webkit?.messageHandlers?.openUrl) {
    target.webkit.messageHandlers.openUrl.postMessage(url);
    return 'bridge';
  }
  const browser = target.Capacitor?.isNativePlatform?.() ? target.Capacitor.Plugins?.Browser : undefined;
  if (browser) {
    void browser.open({ url });
    return 'bridge';
  }
  const opened = target.open(url, '_blank', 'noopener,noreferrer');
  if (opened) return 'window';
  target.location.href = url;
  return 'location';
}
