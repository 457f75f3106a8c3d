import { useIonToast } from '@ionic/react';
import { useCallback } from 'react';

/** Spec §8: every message is a toast coloured danger, warning, success or medium. */
export type ToastColor = 'danger' | 'warning' | 'success' | 'medium';

/** Spec §9 allows 2000 to 5000 ms; long enough to read a two-line server message. */
export const TOAST_DURATION_MS = 4000;

export interface ToastContent {
  message: string;
  color: ToastColor;
  header?: string;
}

/** Shows a toast at the top, where it never covers the tab bar or the form's button. */
export function useToast(): (content: ToastContent) => void {
  const [present, dismiss] = useIonToast();
  return useCallback(
    ({ message, color, header }: ToastContent) => {
      // useIonToast silently drops a toast while its previous one is on screen: replace that one instead.
      void dismiss().then(() =>
        present({
          message,
          color,
          header,
          duration: TOAST_DURATION_MS,
          position: 'top',
        }),
      );
    },
    [present, dismiss],
  );
}
