// Request validation: query parameters and the batch body, each problem a sentence a developer can act on.
import type { Context } from 'koa';
import * as v from 'valibot';
import type { MediaMode } from '../../domain/media-token-policy.js';
import { readMedia, readParam } from './api-query.js';
import { badRequest } from './client-error.js';

export function queryParam(ctx: Context, name: string, required: true): string;
export function queryParam(ctx: Context, name: string, required: false): string | undefined;
export function queryParam(ctx: Context, name: string, required: boolean): string | undefined {
  const read = readParam(ctx.query[name], name, required);
  if (!read.ok) badRequest(read.error);
  return read.value;
}

export function mediaParam(ctx: Context): MediaMode {
  const read = readMedia(ctx.query['media']);
  if (!read.ok) badRequest(read.error);
  return read.media;
}

export function batchSchema(maxBatch: number) {
  return v.strictObject(
    {
      urls: v.pipe(
        v.array(v.string('every item of urls must be a string')),
        v.minLength(1, 'urls must hold at least one URL'),
        v.maxLength(maxBatch, `urls may hold at most ${maxBatch} URLs`),
      ),
      media: v.optional(v.literal('proxied', 'media accepts only "proxied"')),
    },
    'the body must be an object with only the fields urls and media',
  );
}

export type BatchBody = v.InferOutput<ReturnType<typeof batchSchema>>;

/** Validates a parsed body; answers 400 with the first problem, naming where it is. */
export function parseBatch(ctx: Context, schema: ReturnType<typeof batchSchema>, body: unknown): BatchBody {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) badRequest('The body must be a JSON object: {"urls": ["https://…"]}.');
  if (!('urls' in body)) badRequest('The body needs a urls array: {"urls": ["https://…"]}.');
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue.path?.map((p) => (typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`)).join('') ?? '';
    badRequest(`Invalid body${where ? ` at ${where.replace(/^\./, '')}` : ''}: ${issue.message}.`);
  }
  return parsed.output;
}
