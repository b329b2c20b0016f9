import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { buildRouteObjects } from '../routes/router';
import { fakeServer, type Handlers } from './fake-server';

/**
 * Renders the whole app (route table, layout, lazy screens) at `path` against a fake server;
 * `routes` replaces the route table (a test that holds a lazy screen's loading).
 */
export function renderApp(path: string, handlers: Handlers, routes: RouteObject[] = buildRouteObjects()) {
  const server = fakeServer(handlers);
  vi.stubGlobal('fetch', server.fetch);
  // As the app's client (app/query-client.ts): no refetch on focus unless a query asks for it.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, server };
}
