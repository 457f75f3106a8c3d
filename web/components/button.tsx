import type { ButtonHTMLAttributes } from 'react';
import { Icon } from './icon.tsx';
import './button.css';

type Fill = 'solid' | 'outline' | 'clear';

/** The classes of a button (or a link drawn as one): `fill` as Ionic's, `block` for the whole width. */
export const buttonClass = (fill: Fill = 'solid', block = false, extra?: string): string =>
  ['button', `button--${fill}`, block && 'button--block', extra].filter(Boolean).join(' ');

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  fill?: Fill;
  /** Across the whole width (Ionic's `expand="block"`). */
  block?: boolean;
  /** An ionicons glyph before the label. */
  icon?: string;
}

/**
 * Ionic's Material button (ion-button) as a plain `button`: the screens that open first (a pool's Predecir, Mis
 * Quinelas, the creator's two buttons) load no Ionic (issue 38). At least 44×44 px, as every tap target.
 */
export function Button({ fill, block, icon, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(fill, block, className)} {...rest}>
      {icon && <Icon src={icon} />}
      {children}
    </button>
  );
}
