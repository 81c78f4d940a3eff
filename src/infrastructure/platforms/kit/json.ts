// Narrowing of untrusted upstream JSON, shared by the parsers.
export type Json = Record<string, unknown>;

/** The JSON value of `text`, or undefined when it is not JSON (an HTML wall, a cut-off body). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.trim()) as unknown;
  } catch {
    return undefined;
  }
}

/** The value as a plain JSON object, or undefined for arrays, null and scalars. */
export function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

/** The items of a JSON array, each an object or undefined; not an array: none. */
export function objectsOf(value: unknown): (Json | undefined)[] {
  return Array.isArray(value) ? value.map(asObject) : [];
}

/**
 * Index just past the `}` closing the JSON object that opens at `start` inside a page's text,
 * skipping braces in strings; -1 when it does not close within `maxBytes`. Lets a parser slice one
 * embedded object out of a large page and JSON.parse only that (docs/design.md §13).
 */
export function endOfJsonObject(text: string, start: number, maxBytes = text.length): number {
  let depth = 0;
  let inString = false;
  const stop = Math.min(text.length, start + maxBytes);
  for (let i = start; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */) depth++;
    else if (c === 0x7d /* } */ && --depth === 0) return i + 1;
  }
  return -1;
}
