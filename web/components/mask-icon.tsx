import type { CSSProperties } from 'react';
import './mask-icon.css';

/*
 * ion-icon styles its SVGs from its own stylesheet (outline icons are strokes
 * with no fill); an SVG used as a mask has no stylesheet, so it brings the
 * same rules inside.
 */
const ioniconRules =
  '<style>.ionicon{fill:black;stroke:black}.ionicon-fill-none{fill:none}.ionicon-stroke-width{stroke-width:32px}</style>';

const styledIcons = new Map<string, string>();

function styledIcon(src: string): string {
  let styled = styledIcons.get(src);
  if (styled === undefined) {
    styled = `url("${src.replace(/<svg[^>]*>/, (openingTag) => openingTag + ioniconRules)}")`;
    styledIcons.set(src, styled);
  }
  return styled;
}

/**
 * An ionicons glyph (its SVG data URL from `ionicons/icons`), painted in the
 * text colour. Screens that load first use it: ion-icon would bring its own runtime.
 */
export function MaskIcon({ src }: { src: string }) {
  return <span className="mask-icon" style={{ '--mask-icon': styledIcon(src) } as CSSProperties} aria-hidden="true" />;
}
