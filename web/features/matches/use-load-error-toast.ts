import { useEffect } from 'react';
import { queueToast } from '../../lib/toast.ts';

/** The failure each message was last shown for (its `errorUpdatedAt`). */
const announced = new Map<string, number>();

/**
 * One danger toast per failed load, however many mounted pages watch the same
 * query: visited tabs stay mounted (tabs-layout.tsx), and Inicio and Favoritos both list matches.
 * Queued, not replacing: when teams and matches fail together, both messages are shown in turn.
 */
export function useLoadErrorToast(
  { isError, errorUpdatedAt }: { isError: boolean; errorUpdatedAt: number },
  message: string,
) {
  useEffect(() => {
    if (!isError || announced.get(message) === errorUpdatedAt) return;
    announced.set(message, errorUpdatedAt);
    queueToast({ message, color: 'danger' });
  }, [isError, errorUpdatedAt, message]);
}
