import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DemoGuestResponseSchema, demoMessages } from '#contract/demo';
import { ErrorState } from '../components/error-state.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { PlainScreen } from '../components/plain-screen.tsx';
import { storeSignIn } from '../lib/session.ts';
import { apiRequest } from '../lib/api-client.ts';
import { loadContract } from '../lib/contract.ts';
import { paths } from '../lib/paths.ts';

/**
 * /demo, the address `npm run demo` prints: the newcomer gets an account of their own, already playing in the demo's
 * pool, and lands on that pool (docs/decisions/067-a-season-in-ten-minutes.md). On a server that is not a demo the
 * call is a 404, and the page says so.
 */
export function DemoPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  // One account per visit, however often the effect runs.
  const entered = useRef(false);

  const enter = useCallback((): Promise<void> => {
    if (entered.current) return Promise.resolve();
    entered.current = true;
    // A stored session is read with the contract's schemas (lib/contract.ts): they come before the sign-in.
    return Promise.all([
      apiRequest('/api/demo/guest', {
        method: 'POST',
        schema: DemoGuestResponseSchema,
        authenticated: false,
        offlineCache: false,
      }),
      loadContract(),
    ]).then(
      ([guest]) => {
        // Nothing cached for a previous user may leak into this session.
        queryClient.clear();
        storeSignIn(guest);
        void navigate(paths.pool(guest.poolId), { replace: true });
      },
      (error: unknown) => {
        entered.current = false;
        setFailure(error);
      },
    );
  }, [navigate, queryClient]);
  useEffect(() => void enter(), [enter]);
  const retry = () => {
    setFailure(null);
    return enter();
  };

  return (
    <PlainScreen title="Demo">
      {failure === null ? (
        <LoadingState text={demoMessages.entering} />
      ) : (
        <ErrorState text={demoMessages.enterFailed} error={failure} onRetry={retry} />
      )}
    </PlainScreen>
  );
}
