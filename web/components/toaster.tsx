import { dismissToast, useShownToast } from '../lib/toast.ts';
import './toaster.css';

/**
 * Renders the app's toast (web/lib/toast.ts) over whichever shell is showing.
 * The live region is always in the page, so screen readers hear every message
 * it receives; a tap hides the toast early.
 */
export function Toaster() {
  const toast = useShownToast();
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toast && (
        <div
          key={toast.id}
          className={`toast toast--${toast.color}`}
          onClick={() => dismissToast(toast.id)}
          data-testid="toast"
        >
          {toast.header && <div className="toast-header">{toast.header}</div>}
          <div className="toast-message">{toast.message}</div>
        </div>
      )}
    </div>
  );
}
