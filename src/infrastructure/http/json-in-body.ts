// The JSON documents inside a recorded body — the body itself, or the JSON literals of a page's
// scripts (`<script type="application/json">…`, `var ytInitialPlayerResponse = {…};`) — and the
// body again with some of their fields left out. fixture-trim.ts uses it to drop what the parser
// never reads when a fixture is over its size budget.

/** Fields left out, by the object or array that holds them. */
export class Removals {
  private readonly keys = new WeakMap<object, Set<string>>();

  has(parent: object, key: string): boolean {
    return this.keys.get(parent)?.has(key) ?? false;
  }

  add(parent: object, key: string): void {
    const set = this.keys.get(parent) ?? new Set<string>();
    set.add(key);
    this.keys.set(parent, set);
  }

  delete(parent: object, key: string): void {
    this.keys.get(parent)?.delete(key);
  }
}

export interface JsonField {
  /** Which document of the body. */
  doc: number;
  parent: object;
  key: string;
  value: unknown;
  /** Every object or array from the document's root down to `parent`. */
  ancestors: object[];
  /** Length of the field's JSON text: the larger, the more leaving it out saves. */
  size: number;
}

export interface BodyJson {
  docs: unknown[];
  /** The body with `removals` applied to the documents in `changed` (the others keep their bytes). */
  render(removals: Removals, changed: ReadonlySet<number>): unknown;
}

// Literals smaller than this are not worth a trial.
const MIN_LITERAL_CHARS = 256;
const SCRIPT = /(<script\b[^>]*>)([\s\S]*?)<\/script\s*>/gi;
const ASSIGNMENT = /=\s*(?=[{[])/g;

/** The JSON documents of a response: a JSON value, or the literals of an HTML page's scripts. */
export function jsonInBody(response: unknown): BodyJson | undefined {
  if (response !== null && typeof response === 'object') {
    return { docs: [response], render: (removals, changed) => (changed.has(0) ? without(response, removals) : response) };
  }
  if (typeof response !== 'string') return undefined;
  const literals = scriptLiterals(response);
  if (literals.length === 0) return undefined;
  return {
    docs: literals.map((l) => l.value),
    render: (removals, changed) => {
      let out = '';
      let at = 0;
      literals.forEach((literal, i) => {
        out += response.slice(at, literal.start);
        // `<` escaped so that no string inside can close the script element.
        out += changed.has(i) ? JSON.stringify(without(literal.value, removals)).replace(/</g, '\\u003c') : response.slice(literal.start, literal.end);
        at = literal.end;
      });
      return out + response.slice(at);
    },
  };
}

/** Every field of the documents (at any depth), largest first. */
export function jsonFields(docs: readonly unknown[]): JsonField[] {
  const out: JsonField[] = [];
  const walk = (doc: number, node: unknown, ancestors: object[]) => {
    if (node === null || typeof node !== 'object') return;
    const chain = [...ancestors, node];
    for (const [key, value] of Object.entries(node)) {
      out.push({ doc, parent: node, key, value, ancestors: chain, size: JSON.stringify(value)?.length ?? 0 });
      walk(doc, value, chain);
    }
  };
  docs.forEach((d, i) => walk(i, d, []));
  return out.sort((a, b) => b.size - a.size);
}

function without(node: unknown, removals: Removals): unknown {
  if (Array.isArray(node)) return node.filter((_, i) => !removals.has(node, String(i))).map((v) => without(v, removals));
  if (node !== null && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).filter(([k]) => !removals.has(node, k)).map(([k, v]) => [k, without(v, removals)]));
  }
  return node;
}

interface Literal {
  start: number;
  end: number;
  value: unknown;
}

/** JSON script bodies, and object/array literals assigned in scripts, that parse as JSON. */
function scriptLiterals(html: string): Literal[] {
  const out: Literal[] = [];
  for (const m of html.matchAll(SCRIPT)) {
    const textStart = m.index + m[1]!.length;
    const text = m[2]!;
    const whole = parse(text);
    if (whole !== undefined) {
      const lead = text.length - text.trimStart().length;
      if (text.trim().length >= MIN_LITERAL_CHARS) out.push({ start: textStart + lead, end: textStart + lead + text.trim().length, value: whole });
      continue;
    }
    for (const a of text.matchAll(ASSIGNMENT)) {
      const start = a.index + a[0].length;
      const end = endOfLiteral(text, start);
      if (end < 0 || end - start < MIN_LITERAL_CHARS || (out.at(-1)?.end ?? 0) > textStart + start) continue; // inside the last one
      const value = parse(text.slice(start, end));
      if (value !== undefined && typeof value === 'object') out.push({ start: textStart + start, end: textStart + end, value });
    }
  }
  return out;
}

/** Index just past the bracket closing the one at `start`, skipping brackets inside strings. */
function endOfLiteral(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && --depth === 0) return i + 1;
  }
  return -1;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
