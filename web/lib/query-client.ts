import { QueryClient, onlineManager } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

/**
 * Retrying only helps when the server or the network hiccuped; a 4xx will answer the same again,
 * and a device that knows it is offline would only delay the error state it is going to show.
 */
export function shouldRetry(failureCount: number, error: Error, online = navigator.onLine): boolean {
  const isClientError = error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
  return online && !isClientError && failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => shouldRetry(failureCount, error),
      staleTime: 60_000,
      // Offline, the API client answers from the spec's cache or with its 503: queries must still
      // run. TanStack's default ('online') would pause them until the connection comes back.
      networkMode: 'always',
      // Back online, what the screens show may have come from that cache: fetch it again, fresh or not.
      refetchOnReconnect: 'always',
    },
    mutations: {
      retry: false,
      // A write made offline must fail now with its error toast, not wait and be sent later unseen.
      networkMode: 'always',
    },
  },
});

// TanStack assumes it starts online and only follows the online/offline events: an app opened
// offline would then see no change when the connection returns, and refetch nothing.
onlineManager.setOnline(navigator.onLine);
