import { errorMessage } from './api-client.ts';
import { showToast } from './toast.ts';

/**
 * A failed write as a toast (a mutation's `onError`): the server's message, or `fallback`
 * when it gave none, under `header` if there is one.
 */
export const failureToast = (fallback: string, header?: string) => (error: Error) =>
  showToast({ header, message: errorMessage(error, fallback), color: 'danger' });

/**
 * A write's outcome as a toast (a mutation's `onSuccess` and `onError`): what `success`
 * says was done, and then `then` runs; or `failureToast(failed)`.
 */
export function outcomeToasts<Result>(
  success: (result: Result) => string,
  failed: string,
  then?: (result: Result) => void,
) {
  return {
    onSuccess: (result: Result) => {
      showToast({ message: success(result), color: 'success' });
      then?.(result);
    },
    onError: failureToast(failed),
  };
}
