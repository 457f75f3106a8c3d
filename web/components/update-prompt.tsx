import { useState } from 'react';
import { applyUpdate, useUpdateAvailable } from '../lib/service-worker.ts';
import './update-prompt.css';

/**
 * When a new version has been deployed and its service worker has cached it,
 * offers to switch to it. "Actualizar" lets that worker take over and reloads.
 */
export function UpdatePrompt() {
  const available = useUpdateAvailable();
  const [postponed, setPostponed] = useState(false);
  if (!available || postponed) return null;

  return (
    <div className="update-prompt" role="alert" data-testid="update-prompt">
      <span className="update-prompt__message">Hay una nueva versión disponible</span>
      <button type="button" onClick={() => setPostponed(true)}>
        Más tarde
      </button>
      <button type="button" onClick={() => applyUpdate()}>
        Actualizar
      </button>
    </div>
  );
}
