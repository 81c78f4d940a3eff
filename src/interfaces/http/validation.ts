// Request validation: query parameters and the batch body, each problem a sentence a developer can act on.
import type { Context } from 'koa';
import * as v from 'valibot';
import type { MediaMode } from '../../domain/media-token-policy.js';
import { MEDIA_MODES, readMedia, readParam } from './api-query.js';
import { refuse } from './client-error.js';
import type { ErrorCode } from './error-codes.js';

export function queryParam(ctx: Context, name: string, required: true): string;
export function queryParam(ctx: Context, name: string, required: false): string | undefined;
export function queryParam(ctx: Context, name: string, required: boolean): string | undefined {
  const read = readParam(ctx.query[name], name, required);
  if (!read.ok) refuse(read.code, read.error);
  return read.value;
}

export function mediaParam(ctx: Context): MediaMode {
  const read = readMedia(ctx.query['media']);
  if (!read.ok) refuse(read.code, read.error);
  return read.media;
}

// Every part of the schema carries its own sentence: valibot's default wording ("Invalid type:
// Expected Array but received …") is not ours and echoes the input back.
export function batchSchema(maxBatch: number) {
  return v.strictObject(
    {
      urls: v.pipe(
        v.array(v.string('every item of urls must be a URL string'), 'urls must be an array of URL strings'),
        v.minLength(1, 'urls must hold at least one URL'),
        v.maxLength(maxBatch, `urls holds more than ${maxBatch} URLs, the limit per batch`),
      ),
      media: v.optional(v.picklist(MEDIA_MODES, 'media accepts "raw" (the default) or "proxied"')),
    },
    'the body must be an object with only the fields urls and media',
  );
}

export type BatchBody = v.InferOutput<ReturnType<typeof batchSchema>>;

/** Validates a parsed body; answers 400 with the first problem, naming where it is. */
export function parseBatch(ctx: Context, schema: ReturnType<typeof batchSchema>, body: unknown): BatchBody {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) refuse('BODY_INVALID', 'The body must be a JSON object: {"urls": ["https://…"]}.');
  if (!('urls' in body)) refuse('BODY_INVALID', 'The body needs a urls array: {"urls": ["https://…"]}.');
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue.path?.map((p) => (typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`)).join('') ?? '';
    refuse(batchIssueCode(issue), `Invalid body${where ? ` at ${where.replace(/^\./, '')}` : ''}: ${issue.message}.`);
  }
  return parsed.output;
}

function batchIssueCode(issue: v.BaseIssue<unknown>): ErrorCode {
  if (issue.type === 'max_length') return 'BATCH_TOO_LARGE';
  return issue.path?.length === 1 && issue.path[0]?.key === 'media' ? 'MEDIA_INVALID' : 'BODY_INVALID';
}
