import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../shell/AppLayout';
import ComingSoon from '../shell/ComingSoon';
import { Splash } from '../shell/common';
import { routes, START_PATH } from './paths';
import { screenOf } from './screens';

/** Hash routing from the route table; `/` redirects to /login/start. */
export function buildRouteObjects(): RouteObject[] {
  const children: RouteObject[] = routes.map((route) => {
    const screen = screenOf(route.name);
    return screen
      ? { path: route.path, lazy: async () => ({ Component: (await screen()).default }) }
      : { path: route.path, Component: ComingSoon };
  });
  return [
    {
      path: '/',
      Component: AppLayout,
      HydrateFallback: Splash,
      children: [
        { index: true, element: <Navigate to={START_PATH} replace /> },
        ...children,
        { path: '*', element: <Navigate to={START_PATH} replace /> },
      ],
    },
  ];
}

export const createAppRouter = () => createHashRouter(buildRouteObjects());
