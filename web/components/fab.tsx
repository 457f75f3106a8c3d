import type { ButtonHTMLAttributes } from 'react';
import { Icon } from './icon.tsx';
import './fab.css';

interface FabProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Its ionicons glyph; the button's name is its `aria-label`. */
  icon: string;
  'aria-label': string;
}

/**
 * The floating action button at the foot of a screen (Ionic's md ion-fab, bottom end), as a plain button so Mis
 * Quinelas loads no Ionic (issue 38). The toaster keeps its messages above it (`.fab`, toaster.tsx).
 */
export function Fab({ icon, type = 'button', ...rest }: FabProps) {
  return (
    <div className="fab">
      <button type={type} className="fab__button" {...rest}>
        <Icon src={icon} />
      </button>
    </div>
  );
}
