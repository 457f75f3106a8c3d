import { alertCircleOutline, cloudOfflineOutline } from 'ionicons/icons';
import { useState } from 'react';
import { messages } from '#contract/messages';
import { errorMessage, isConnectionFailure } from '../lib/api-client.ts';
import { Icon } from './icon.tsx';
import './outline-button.css';
import './screen-state.css';

interface ErrorStateProps {
  /** The screen's own text for the failure (the spec's fallback text, e.g. 'Error al cargar los partidos'). */
  text: string;
  /** What failed: tells no connection (the cloud, 'Sin conexión…') from the server's answer (its message). */
  error?: unknown;
  /** Asks again: a 'Reintentar' button is shown when given. */
  onRetry?: () => Promise<unknown>;
}

/** What stays on screen after the error toast has gone: why, and the way out. */
export function ErrorState({ text, error, onRetry }: ErrorStateProps) {
  const [retrying, setRetrying] = useState(false);
  const offline = isConnectionFailure(error);
  const serverMessage = offline ? null : errorMessage(error, '');
  const detail = offline ? messages.networkUnavailable : serverMessage && !text.includes(serverMessage) ? serverMessage : null;

  const retry = () => {
    if (!onRetry) return;
    setRetrying(true);
    void onRetry().finally(() => setRetrying(false));
  };

  return (
    <div className="screen-state" data-kind={offline ? 'offline' : 'server'}>
      <Icon src={offline ? cloudOfflineOutline : alertCircleOutline} />
      <p>{text}</p>
      {detail && <p className="screen-state__detail">{detail}</p>}
      {onRetry && (
        <button type="button" className="outline-button screen-state__retry" disabled={retrying} onClick={retry}>
          {messages.retry}
        </button>
      )}
    </div>
  );
}

/** What QueriesErrorState reads of a query (TanStack Query's result). */
interface FailedQuery {
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** The ErrorState of a screen that needs several queries: the first failure, and a retry that asks them all again. */
export function QueriesErrorState({ text, queries }: { text: string; queries: readonly FailedQuery[] }) {
  return (
    <ErrorState
      text={text}
      error={queries.find((query) => query.error)?.error}
      onRetry={() => Promise.all(queries.map((query) => query.refetch()))}
    />
  );
}
