// Narrowing of untrusted upstream JSON, shared by the parsers.
export type Json = Record<string, unknown>;

/** The value as a plain JSON object, or undefined for arrays, null and scalars. */
export function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}
