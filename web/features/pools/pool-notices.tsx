import { useQuery } from '@tanstack/react-query';
import { failureToast } from '../../lib/outcome-toasts.ts';
import { poolQueries, useDismissNotice } from './api.ts';
import '../../components/outline-button.css';
import './pool-organiser.css';

/** Why the user is no longer in a pool ("Te han quitado de «X»"), on their next visit, until they dismiss it. */
export function PoolNotices() {
  const notices = useQuery(poolQueries.notices());
  const dismiss = useDismissNotice();
  if (!notices.data || notices.data.length === 0) return null;
  return (
    <ul className="pool-notices" aria-label="Avisos">
      {notices.data.map((notice) => (
        <li key={notice.id} className="pool-notices__item" role="status" data-testid="pool-notice">
          <span>{notice.message}</span>
          <button
            type="button"
            className="outline-button"
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate(notice.id, { onError: failureToast('No se pudo descartar el aviso.') })}
          >
            Entendido
          </button>
        </li>
      ))}
    </ul>
  );
}
