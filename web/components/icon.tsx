import { useLayoutEffect, useRef } from 'react';
import './icon.css';

const svgPrefix = 'data:image/svg+xml;utf8,';

/** Each glyph parsed once, by its data URL; every icon on screen is a copy. */
const glyphs = new Map<string, Node>();

function glyphOf(src: string): Node {
  let glyph = glyphs.get(src);
  if (glyph === undefined) {
    if (!src.startsWith(svgPrefix)) throw new Error(`Not an ionicons SVG data URL: ${src.slice(0, 40)}`);
    const template = document.createElement('template');
    // ionicons' own markup, from the bundle: never user input.
    template.innerHTML = src.slice(svgPrefix.length);
    glyph = template.content.firstChild!;
    glyphs.set(src, glyph);
  }
  return glyph;
}

/**
 * An ionicons glyph (its SVG data URL from `ionicons/icons`), drawn inline in
 * the text colour. Screens that load first use it: ion-icon would bring its own
 * runtime. Inline, not as an image or a CSS mask: the browser builds a whole
 * document for every SVG image, which on the match list (a heart per card, the
 * tab bar's icons) was most of the time spent on style at start-up. Each glyph's
 * markup is parsed once and copied into place before paint, since parsing it for
 * every icon (innerHTML) cost the list's first render as much again.
 */
export function Icon({ src }: { src: string }) {
  const element = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    element.current?.replaceChildren(glyphOf(src).cloneNode(true));
  }, [src]);
  return <span ref={element} className="icon" aria-hidden="true" />;
}
