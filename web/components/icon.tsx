import './icon.css';

const svgPrefix = 'data:image/svg+xml;utf8,';

/** Each glyph's markup, by its data URL. */
const svgMarkup = new Map<string, string>();

function markupOf(src: string): string {
  let markup = svgMarkup.get(src);
  if (markup === undefined) {
    if (!src.startsWith(svgPrefix)) throw new Error(`Not an ionicons SVG data URL: ${src.slice(0, 40)}`);
    markup = src.slice(svgPrefix.length);
    svgMarkup.set(src, markup);
  }
  return markup;
}

/**
 * An ionicons glyph (its SVG data URL from `ionicons/icons`), drawn inline in
 * the text colour. Screens that load first use it: ion-icon would bring its own
 * runtime. Inline, not as an image or a CSS mask: the browser builds a whole
 * document for every SVG image, which on the match list (a heart per card, the
 * tab bar's icons) was most of the time spent on style at start-up.
 */
export function Icon({ src }: { src: string }) {
  // The markup is ionicons' own, from the bundle: never user input.
  return <span className="icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: markupOf(src) }} />;
}
