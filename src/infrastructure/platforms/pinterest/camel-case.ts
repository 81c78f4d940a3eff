// Pinterest names a pin's fields in camelCase in the page's Relay answers and in snake_case in its
// older page state and the widgets API. One spelling (camelCase) lets one reader serve all three.
import { asObject } from '../kit/json.js';

// Only lower-case snake_case names: `V_720P` (a video format) and `237x` (an image size) keep theirs.
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;

/** The value with every snake_case key of every object in it written in camelCase. */
export function camelCased(value: unknown, depth = 0): unknown {
  // Pin data is shallow; a deeper value is no pin field and is left as it is.
  if (depth > 12) return value;
  if (Array.isArray(value)) return value.map((item) => camelCased(item, depth + 1));
  const object = asObject(value);
  if (!object) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(object)) {
    const name = SNAKE.test(key) ? key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) : key;
    // The camelCase spelling wins where an answer has both.
    if (!(name in out) || name === key) out[name] = camelCased(item, depth + 1);
  }
  return out;
}
