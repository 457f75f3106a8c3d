import type { CSSProperties } from 'react';
import './mask-icon.css';

/**
 * An ionicons glyph (its SVG data URL from `ionicons/icons`), painted in the text
 * colour. Screens outside Ionic use it: ion-icon would bring its own runtime.
 */
export function MaskIcon({ src }: { src: string }) {
  return <span className="mask-icon" style={{ '--mask-icon': `url("${src}")` } as CSSProperties} aria-hidden="true" />;
}
