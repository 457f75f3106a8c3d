import { arrowBack } from 'ionicons/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Location } from 'react-router-dom';
import { ToolbarButton } from './toolbar.tsx';

/** Navigation state for a link into a screen whose back button leads to `pathname`. */
export const comingFrom = (pathname: string) => ({ backTo: pathname });

const cameFrom = (state: unknown, pathname: string) =>
  typeof state === 'object' && state !== null && 'backTo' in state && state.backTo === pathname;

/**
 * Ionic's back button: back in history when the screen was opened from
 * `to` (so that screen keeps its state and scroll), to `to` itself otherwise
 * (opened from a link, a reload or another tab).
 */
export function BackButton({ to, label }: { to: string; label: string }) {
  const navigate = useNavigate();
  const { state } = useLocation() as Location<unknown>;
  return (
    <ToolbarButton
      label={`Volver a ${label}`}
      icon={arrowBack}
      onClick={() => (cameFrom(state, to) ? navigate(-1) : navigate(to))}
      testId="back-button"
    />
  );
}
