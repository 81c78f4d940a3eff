// Checks real HTTP responses against the repository's openapi.yaml, so the document and the code
// cannot drift apart: an undocumented status, content type, field or missing header fails a test.
//
// The document is loaded once and added to ajv whole, under an $id, so every schema in it can be
// compiled in place by JSON pointer and its `#/components/...` references resolve as written.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AssertionError } from 'chai';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { parse } from 'yaml';

export const OPENAPI_FILE = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

/** The $id the document is known by inside ajv; never fetched. */
const DOC_ID = 'https://postlens.invalid/openapi.yaml';

/** The document as parsed; treat as read-only. */
export const openApiDoc = parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDoc;

export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, PathItem>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export type PathItem = Record<string, unknown>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Located<T> {
  node: T;
  /** JSON pointer of the node in the document (after following any $ref). */
  pointer: string;
}

// strict: false because OpenAPI adds keywords JSON Schema does not know (discriminator, xml);
// ajv ignores them, which is what OpenAPI 3.1 asks of a JSON Schema validator.
const ajv = new Ajv2020({ strict: false, allErrors: true });
formats.default(ajv);
ajv.addSchema(openApiDoc, DOC_ID);

const compiled = new Map<string, ValidateFunction>();

/** A validator for the schema at `pointer` in the document, compiled once. */
export function validatorAt(pointer: string): ValidateFunction {
  let validate = compiled.get(pointer);
  if (!validate) {
    validate = ajv.getSchema(`${DOC_ID}#${pointer}`);
    if (!validate) throw new Error(`openapi.yaml has no schema at ${pointer}`);
    compiled.set(pointer, validate);
  }
  return validate;
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerOf(...segments: (string | number)[]): string {
  return segments.map((s) => '/' + escapePointer(String(s))).join('');
}

export function nodeAt(pointer: string): unknown {
  let node: unknown = openApiDoc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Record<string, unknown> | undefined)?.[key];
  }
  return node;
}

/** Follows Reference Objects (`$ref` to `#/...`) until a real object is reached. */
export function deref<T = Record<string, unknown>>(node: unknown, pointer: string): Located<T> {
  let current = node as Record<string, unknown> | undefined;
  let at = pointer;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 20 || !current.$ref.startsWith('#/')) throw new Error(`openapi.yaml: cannot follow $ref ${current.$ref} at ${at}`);
    at = current.$ref.slice(1);
    current = nodeAt(at) as Record<string, unknown> | undefined;
    if (current === undefined) throw new Error(`openapi.yaml: $ref ${at} points nowhere`);
  }
  return { node: current as T, pointer: at };
}

// ---------------------------------------------------------------------------------------------
// Paths: templates matched as @koa/router matches routes (case-insensitive, optional trailing slash).

interface PathTemplate {
  template: string;
  regex: RegExp;
}

const templates: PathTemplate[] = Object.keys(openApiDoc.paths).map((template) => {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return { template, regex: new RegExp(`^${source}/?$`, 'i') };
});

/** The document's path template that `pathname` falls under, if any. */
export function matchPathTemplate(pathname: string): string | undefined {
  // Literal templates win over templated ones, as routers usually order them.
  const hits = templates.filter((t) => t.regex.test(pathname));
  hits.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  return hits[0]?.template;
}

// ---------------------------------------------------------------------------------------------

interface Expectation {
  /** Where the responses came from, for messages. */
  source: string;
  /** status code (or `4XX`, `default`) → pointer of a Response Object (or Reference). */
  responses: Record<string, string>;
  /** HEAD: the headers of the GET answer, no body. */
  noBody: boolean;
}

const FALLBACK = {
  unknownPath: '/components/responses/UnknownPath',
  methodNotAllowed: '/components/responses/MethodNotAllowed',
  options: '/components/responses/Options',
};

function expectationFor(method: string, pathname: string): Expectation {
  const m = method.toLowerCase();
  const template = matchPathTemplate(pathname);
  if (template === undefined) {
    // A path the document does not list must answer the documented "unknown path" 404.
    return { source: 'an unlisted path (components/responses/UnknownPath)', responses: { '404': FALLBACK.unknownPath }, noBody: m === 'head' };
  }
  const item = openApiDoc.paths[template]!;
  const base = pointerOf('paths', template);
  let opMethod: string | undefined = (HTTP_METHODS as readonly string[]).includes(m) && item[m] ? m : undefined;
  if (!opMethod && m === 'head' && item.get) opMethod = 'get';
  if (opMethod) {
    const responses = (item[opMethod] as { responses?: Record<string, unknown> }).responses ?? {};
    return {
      source: `${opMethod.toUpperCase()} ${template}`,
      responses: Object.fromEntries(Object.keys(responses).map((code) => [code, `${base}${pointerOf(opMethod!, 'responses', code)}`])),
      noBody: m === 'head',
    };
  }
  // A listed path and a method it does not offer: 405 (with Allow), 404 where a namespace answers
  // every method, and the router's own OPTIONS answer.
  const responses: Record<string, string> = { '404': FALLBACK.unknownPath, '405': FALLBACK.methodNotAllowed };
  if (m === 'options') responses['200'] = FALLBACK.options;
  return { source: `${method.toUpperCase()} on ${template}, which it does not list`, responses, noBody: m === 'head' };
}

function responseKeyFor(responses: Record<string, string>, status: number): string | undefined {
  const exact = String(status);
  if (responses[exact]) return exact;
  const range = `${exact[0]}XX`;
  if (responses[range]) return range;
  return responses.default ? 'default' : undefined;
}

function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function contentKeyFor(content: Record<string, unknown>, mediaType: string): string | undefined {
  const keys = Object.keys(content);
  return (
    // A documented key may carry parameters (`text/plain; version=0.0.4`): its type alone is compared.
    keys.find((k) => mediaTypeOf(k) === mediaType) ??
    keys.find((k) => k.endsWith('/*') && mediaType.startsWith(k.slice(0, -1).toLowerCase())) ??
    keys.find((k) => k === '*/*')
  );
}

function isJson(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

function isXml(mediaType: string): boolean {
  return mediaType === 'text/xml' || mediaType === 'application/xml' || mediaType.endsWith('+xml');
}

export function formatAjvErrors(errors: ErrorObject[] | null | undefined): string {
  if (!errors?.length) return '';
  return errors
    .map((e) => {
      const extra = e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties' ? ` (${JSON.stringify(e.params)})` : '';
      return `  ${e.instancePath || '(body)'} ${e.message ?? e.keyword}${extra}  [schema ${e.schemaPath}]`;
    })
    .join('\n');
}

const XML_PROLOG = /^\s*<\?xml[^?]*\?>\s*/;
const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Reads a flat XML document (`<root><field>text</field>…</root>`, as oEmbed's XML format is) into
 * an object, or throws when it is not one. Good enough to prove the answer parses and to compare
 * its fields with the JSON schema; not a general XML parser.
 */
export function parseFlatXml(text: string, rootName: string): Record<string, string> {
  let rest = text.replace(XML_PROLOG, '').trim();
  const open = `<${rootName}>`;
  const close = `</${rootName}>`;
  if (!rest.startsWith(open) || !rest.endsWith(close)) throw new Error(`not a <${rootName}> document`);
  rest = rest.slice(open.length, -close.length);
  const out: Record<string, string> = {};
  const element = /^<([A-Za-z_][\w.-]*)>([^<]*)<\/\1>/;
  while (rest.length) {
    const m = element.exec(rest);
    if (!m) throw new Error(`unexpected XML at: ${rest.slice(0, 60)}`);
    const raw = m[2]!;
    if (/&(?!(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(raw)) throw new Error(`bad entity in <${m[1]}>`);
    if (m[1]! in out) throw new Error(`<${m[1]}> appears twice`);
    out[m[1]!] = raw.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (_, e: string) =>
      e.startsWith('#x') || e.startsWith('#X') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : XML_ENTITIES[e]!,
    );
    rest = rest.slice(m[0].length);
  }
  return out;
}

/** Turns XML text fields into numbers where the JSON schema says so, so one schema checks both. */
function coerceByProperties(fields: Record<string, string>, schemaPointer: string): Record<string, unknown> {
  const schema = deref<{ properties?: Record<string, { type?: string }> }>(nodeAt(schemaPointer), schemaPointer).node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const type = schema.properties?.[key]?.type;
    out[key] = (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return out;
}

/**
 * Checks a body against the media type at `mediaPointer` (a Media Type Object of a response).
 * Returns the problems, empty when it fits. `siblingJson` is the same response's JSON media type,
 * whose schema an XML answer must also satisfy field by field.
 */
export function bodyProblems(mediaType: string, mediaPointer: string, body: string, siblingJson?: string): string {
  const media = nodeAt(mediaPointer) as { schema?: unknown } | undefined;
  if (isJson(mediaType)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `the body is not JSON: ${body.slice(0, 120)}`;
    }
    if (!media?.schema) return '';
    const validate = validatorAt(`${mediaPointer}/schema`);
    return validate(parsed) ? '' : `the body does not match ${mediaPointer}/schema:\n${formatAjvErrors(validate.errors)}`;
  }
  if (isXml(mediaType)) {
    const schema = media?.schema ? deref<{ xml?: { name?: string } }>(media.schema, `${mediaPointer}/schema`).node : undefined;
    const root = schema?.xml?.name;
    if (!root) return /^\s*</.test(body) ? '' : 'the body is not XML';
    let fields: Record<string, string>;
    try {
      fields = parseFlatXml(body, root);
    } catch (error) {
      return `the XML body does not parse: ${(error as Error).message}`;
    }
    if (!siblingJson) return '';
    const jsonSchema = `${siblingJson}/schema`;
    const validate = validatorAt(jsonSchema);
    const value = coerceByProperties(fields, jsonSchema);
    return validate(value) ? '' : `the XML fields do not match ${jsonSchema}:\n${formatAjvErrors(validate.errors)}`;
  }
  // application/yaml, media types: the content type alone is the contract.
  return '';
}

function headerProblems(responsePointer: string, response: { headers?: Record<string, unknown> }, headers: Headers): string[] {
  const problems: string[] = [];
  for (const [name, raw] of Object.entries(response.headers ?? {})) {
    const { node: header, pointer } = deref<{ required?: boolean; schema?: { type?: string } }>(raw, `${responsePointer}/headers/${escapePointer(name)}`);
    const value = headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`the required header ${name} is missing`);
      continue;
    }
    if (!header.schema) continue;
    const schema = deref<{ type?: string }>(header.schema, `${pointer}/schema`).node;
    const typed = (schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    const validate = validatorAt(`${pointer}/schema`);
    if (!validate(typed)) problems.push(`the header ${name}: ${JSON.stringify(value)} does not match its schema:\n${formatAjvErrors(validate.errors)}`);
  }
  return problems;
}

/**
 * Throws (chai AssertionError) unless the response is one the document describes for this method
 * and path: a documented status, a documented content type, a body that validates against its
 * schema, and every header the document marks required (with values that fit their schemas).
 */
export function assertResponseMatchesSpec(method: string, pathname: string, status: number, headers: Headers, body: string): void {
  const problems = responseProblems(method, pathname, status, headers, body);
  if (problems.length) {
    throw new AssertionError(`${method.toUpperCase()} ${pathname} → ${status} does not match openapi.yaml:\n- ${problems.join('\n- ')}`);
  }
}

export function responseProblems(method: string, pathname: string, status: number, headers: Headers, body: string): string[] {
  const expected = expectationFor(method, pathname);
  const key = responseKeyFor(expected.responses, status);
  if (key === undefined) {
    return [`status ${status} is not documented for ${expected.source} (documented: ${Object.keys(expected.responses).join(', ') || 'none'})`];
  }
  const { node: response, pointer } = deref<{ headers?: Record<string, unknown>; content?: Record<string, unknown> }>(
    nodeAt(expected.responses[key]!),
    expected.responses[key]!,
  );
  const problems = headerProblems(pointer, response, headers);

  const content = response.content;
  if (!content || Object.keys(content).length === 0) {
    if (body.length) problems.push(`the document gives this response no body, but it has ${body.length} bytes`);
    return problems;
  }
  const mediaType = mediaTypeOf(headers.get('content-type'));
  const contentKey = contentKeyFor(content, mediaType);
  if (contentKey === undefined) {
    problems.push(`content type ${JSON.stringify(mediaType)} is not documented (documented: ${Object.keys(content).join(', ')})`);
    return problems;
  }
  if (expected.noBody) {
    if (body.length) problems.push(`a HEAD answer has a body of ${body.length} bytes`);
    return problems;
  }
  const jsonKey = Object.keys(content).find((k) => isJson(k.toLowerCase()));
  const mediaPointer = `${pointer}${pointerOf('content', contentKey)}`;
  const siblingJson = jsonKey ? `${pointer}${pointerOf('content', jsonKey)}` : undefined;
  const problem = bodyProblems(mediaType, mediaPointer, body, siblingJson);
  if (problem) problems.push(problem);
  return problems;
}
