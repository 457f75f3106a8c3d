import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

/** Retrying only helps when the server or the network hiccuped; a 4xx will answer the same again. */
function shouldRetry(failureCount: number, error: Error): boolean {
  const isClientError = error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
  return !isClientError && failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      staleTime: 60_000,
    },
    mutations: {
      retry: false,
    },
  },
});
