// The Android back button (spec sections 2 and 9): each press goes back; a second press within
// 1 s of the previous one quits the app. Where there is nothing to go back to, the first press
// says that another press quits.

export const DOUBLE_BACK_WINDOW_MS = 1_000;

export type BackButtonDeps = {
  now: () => number;
  canGoBack: () => boolean;
  goBack: () => void;
  exitApp: () => void;
  hint: () => void;
};

export function createBackButtonHandler(deps: BackButtonDeps): () => void {
  let lastPressMs: number | null = null;
  return () => {
    const now = deps.now();
    if (lastPressMs !== null && now - lastPressMs < DOUBLE_BACK_WINDOW_MS) {
      lastPressMs = null;
      deps.exitApp();
      return;
    }
    lastPressMs = now;
    if (deps.canGoBack()) deps.goBack();
    else deps.hint();
  };
}

type CapacitorGlobal = { isNativePlatform?: () => boolean };

export function isNativeShell(): boolean {
  const capacitor = (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
  return Boolean(capacitor?.isNativePlatform?.());
}

/** Wires the handler to Capacitor's App plugin; a no-op in a browser. */
export async function installBackButton(deps: Omit<BackButtonDeps, 'exitApp'>): Promise<void> {
  if (!isNativeShell()) return;
  const { App } = await import('@capacitor/app');
  const handler = createBackButtonHandler({ ...deps, exitApp: () => void App.exitApp() });
  await App.addListener('backButton', handler);
}
