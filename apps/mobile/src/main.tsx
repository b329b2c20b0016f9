import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { i18n, initI18n } from './app/i18n';
import { queryClient } from './app/query-client';
import './app/app.css';
import { configQueries, imageUrl } from './features/config/queries';
import { installBackButton } from './native/back-button';
import { routeByPath, START_PATH } from './routes/paths';
import { screenOf } from './routes/screens';
import { createAppRouter } from './routes/router';
import { installRootFontSize } from './shell/root-font';
import { showToast } from './shell/toast';

/**
 * Starts in parallel what the first screen needs: the language, the site configuration (and its
 * logo), and the chunk of the route in the address bar; then renders.
 */
function warmUp() {
  void queryClient.prefetchQuery(configQueries.all()).then(() => {
    const logo = queryClient.getQueryData(configQueries.all().queryKey)?.logo;
    if (logo) new Image().src = imageUrl(logo);
  });
  const path = window.location.hash.replace(/^#/, '').split('?')[0] || START_PATH;
  const route = routeByPath(path);
  if (route) void screenOf(route.name)?.();
}

async function start() {
  installRootFontSize();
  warmUp();
  await initI18n();
  const router = createAppRouter();
  void installBackButton({
    now: () => Date.now(),
    canGoBack: () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0,
    goBack: () => void router.navigate(-1),
    hint: () => showToast(i18n.t('common.pressAgainToQuit'), 1000),
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  // A transition lets React render the first screen in slices instead of one long task.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

void start();
