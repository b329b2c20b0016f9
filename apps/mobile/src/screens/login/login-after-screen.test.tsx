import { screen, waitFor } from '@testing-library/dom';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRouteObjects } from '../../routes/router';
import { configEntries, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { userInfo } from '../../test/user-fixtures';
import { LOGIN_AFTER_DELAY_MS } from './LoginAfterScreen';

const handlers = {
  '/common/config': () => ok(configEntries('demo')),
  '/user/getUserinfo': () => ok(userInfo('100.00')),
};

/** The app's route table with the language screen's code held until `release` is called. */
function routesWithHeldLanguageScreen() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const routes = buildRouteObjects();
  const language = routes[0]?.children?.find((route) => route.path?.endsWith('changeLang'));
  if (!language || typeof language.lazy !== 'function') throw new Error('no lazy language route');
  const load = language.lazy;
  language.lazy = async () => {
    await held;
    return load();
  };
  return { routes: routes as RouteObject[], release };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('after sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('greets the user by name and goes home after the delay', async () => {
    localStorage.setItem('tokend', 'tok-1');
    const { router } = renderApp('/login/loginAfter', handlers);
    expect(await screen.findByText('Welcome, An Peeters')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'), {
      timeout: LOGIN_AFTER_DELAY_MS + 2_000,
    });
  });

  it('does not take the user home while the screen they chose is still loading', async () => {
    localStorage.setItem('tokend', 'tok-1');
    const { routes, release } = routesWithHeldLanguageScreen();
    const { router } = renderApp('/login/loginAfter', handlers, routes);
    expect(await screen.findByText('Welcome, An Peeters')).toBeTruthy();
    const going = router.navigate('/information/changeLang');
    await sleep(LOGIN_AFTER_DELAY_MS + 300);
    release();
    await going;
    await waitFor(() => expect(router.state.location.pathname).toBe('/information/changeLang'));
    await sleep(300);
    expect(router.state.location.pathname).toBe('/information/changeLang');
  });
});
