// Body rewrites for the fault suite, applied to a platform's real recorded answer so the fault is
// the only difference from a healthy resolve: `__proto__` keys injected into every JSON object, and
// a schema drift that drops every string field. Both reach JSON wherever a page carries it: a JSON
// body, a JSON `<script>` block, and a JSON document held in a string (Instagram's contextJSON).

/** The keys a prototype-pollution payload uses; a parser that merges with `Object.assign` or `obj[k] = v` would carry them onto a prototype. */
const POLLUTION = '"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},';

/**
 * Every `{"` opening a JSON object (plain, or escaped inside a JSON string) gets the pollution keys
 * first. Text-level, so it reaches JSON inside pages and scripts; an object with at least one key
 * stays valid JSON (or JavaScript).
 */
export function withProtoKeys(text: string): string {
  const escaped = POLLUTION.replace(/"/g, '\\"');
  return text.replace(/\{\\"/g, `{${escaped}\\"`).replace(/\{"/g, `{${POLLUTION}"`);
}

/**
 * The same answer after a schema change that renamed or removed its fields: every string-valued
 * field (and string array element) is gone, numbers, booleans and structure stay. In a page, JSON
 * `<script>` blocks and JSON string literals holding a document are rewritten likewise, and every
 * `<meta content>` and the `<title>` are emptied, so no route to the post's text or media is left.
 */
export function withoutStringFields(text: string): string {
  const whole = parseJson(text);
  if (whole !== undefined) return JSON.stringify(dropStrings(whole));
  return text
    .replace(/(<script\b[^>]*>)([\s\S]*?)(<\/script\s*>)/gi, (_, open: string, body: string, close: string) => {
      const json = parseJson(body);
      return open + (json === undefined ? rewriteNestedDocuments(body) : JSON.stringify(dropStrings(json))) + close;
    })
    .replace(/(<meta\b[^>]*\bcontent=)("[^"]*"|'[^']*')/gi, '$1""')
    .replace(/(<title\b[^>]*>)[^<]*(<\/title>)/gi, '$1$2');
}

function dropStrings(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => typeof item !== 'string' || nestedDocument(item) !== undefined).map(dropStringsIn);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' && nestedDocument(item) === undefined) continue;
    out[key] = dropStringsIn(item);
  }
  return out;
}

/** A string holding a JSON document is kept, its document rewritten; anything else goes through dropStrings. */
function dropStringsIn(value: unknown): unknown {
  if (typeof value === 'string') return JSON.stringify(dropStrings(nestedDocument(value)));
  return dropStrings(value);
}

/** Script text that is not JSON itself (a `s.handle({…})` call): its JSON string literals holding documents. */
function rewriteNestedDocuments(script: string): string {
  return script.replace(/"(?:[^"\\]|\\.)*"/g, (literal) => {
    const inner = parseJson(literal);
    const document = typeof inner === 'string' ? nestedDocument(inner) : undefined;
    return document === undefined ? literal : JSON.stringify(JSON.stringify(dropStrings(document)));
  });
}

function nestedDocument(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined;
  const parsed = parseJson(text);
  return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
