/**
 * How deep the arrays and objects of a JSON text nest, read from the text itself (strings skipped), without parsing
 * it. A body of 5,000 levels parses, and then every recursive walk over it (the storable-text check, validation)
 * overflows the stack: a 500 for anyone, signed in or not. The JSON body parser refuses such bodies first.
 */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return deepest;
}

/** The deepest nesting a request body may have: far beyond any body of the API (4 levels at most today). */
export const MAX_JSON_DEPTH = 400;
