import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

// Refusals are final (the client already showed them); only network trouble is retried, once.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) =>
        error instanceof ApiError &&
        (error.code === 'NETWORK' || error.code === 'TIMEOUT') &&
        failureCount < 1,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
