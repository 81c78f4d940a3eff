// The query of the API's GET routes as both doors read it — the hot path (hot-query.ts) and Koa
// (node:querystring) give the same shape — with the contract's rules and each refusal's sentence.
import type { MediaMode } from '../../domain/media-token-policy.js';
import type { ErrorCode } from './error-codes.js';

/** A parameter as node:querystring reads it: absent, given once, or every value of a repeated one. */
export type QueryValue = string | string[] | undefined;
export type Query = (name: string) => QueryValue;

type Read<T> = ({ ok: true } & T) | { ok: false; code: ErrorCode; error: string };

/** A parameter given at most once; an empty one counts as absent. The one required parameter of the API is `url`. */
export function readParam(value: QueryValue, name: string, required: boolean): Read<{ value: string | undefined }> {
  if (Array.isArray(value)) return { ok: false, code: 'PARAM_REPEATED', error: `The ${name} parameter must be given once.` };
  if (value === undefined || value === '') return required ? { ok: false, code: 'URL_MISSING', error: `The ${name} query parameter is required.` } : { ok: true, value: undefined };
  return { ok: true, value };
}

/** The values of `media`; `raw`, the default, may be named too. */
export const MEDIA_MODES: readonly MediaMode[] = ['raw', 'proxied'];

/** `media`: `raw` unless `proxied` is asked for. */
export function readMedia(value: QueryValue): Read<{ media: MediaMode }> {
  const read = readParam(value, 'media', false);
  if (!read.ok) return read;
  if (read.value === undefined) return { ok: true, media: 'raw' };
  const media = MEDIA_MODES.find((mode) => mode === read.value);
  return media ? { ok: true, media } : { ok: false, code: 'MEDIA_INVALID', error: 'The media parameter accepts raw (the default) or proxied.' };
}

/** `GET /api/v1/canonical?url=`. */
export function readCanonicalQuery(query: Query): Read<{ url: string }> {
  const url = readParam(query('url'), 'url', true);
  return url.ok ? { ok: true, url: url.value! } : url;
}

/** `GET /api/v1/resolve?url=&media=`. */
export function readResolveQuery(query: Query): Read<{ url: string; media: MediaMode }> {
  const url = readParam(query('url'), 'url', true);
  if (!url.ok) return url;
  const media = readMedia(query('media'));
  return media.ok ? { ok: true, url: url.value!, media: media.media } : media;
}
