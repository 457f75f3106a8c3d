import { useEffect } from 'react';
import { useToast } from '../../lib/toast.ts';

/** The failure each message was last shown for (its `errorUpdatedAt`). */
const announced = new Map<string, number>();

/**
 * One danger toast per failed load, however many mounted pages watch the same
 * query: visited tabs stay mounted (tabs-layout.tsx), and Inicio and Favoritos both list matches.
 */
export function useLoadErrorToast(
  { isError, errorUpdatedAt }: { isError: boolean; errorUpdatedAt: number },
  message: string,
) {
  const showToast = useToast();
  useEffect(() => {
    if (!isError || announced.get(message) === errorUpdatedAt) return;
    announced.set(message, errorUpdatedAt);
    showToast({ message, color: 'danger' });
  }, [isError, errorUpdatedAt, message, showToast]);
}
