/**
 * Whether JSON text nests arrays and objects deeper than `max`, found by one pass over the text
 * with no recursion, so it is safe before JSON.parse and before anything walks the value (the
 * store's copies, validation, the response serialiser), which deep values would overflow.
 * Brackets inside strings do not count.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
