// A typed client of postlens: the types are generated from openapi.yaml (schema.d.ts, by
// `npm run client:generate`), the requests made by openapi-fetch. Each method answers openapi-fetch's
// `{ data, error, response }`: `data` on a 2xx, else `error`, the `{error, code}` body. Paths the
// methods do not cover are reachable, typed, through `raw`.
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, paths } from './schema.js';

export type ResolveResult = components['schemas']['ResolveResult'];
export type ErrorBody = components['schemas']['Error'];
export type ErrorCode = components['schemas']['ErrorCode'];
export type MediaMode = NonNullable<components['parameters']['Media']>;

export interface PostlensClientOptions {
  /** Where the instance listens, e.g. `http://localhost:8080`. */
  baseUrl: string;
  /** A key of the instance's API_KEYS, sent as a bearer token to /api/v1. */
  apiKey?: string;
  /** A fetch of your own (a proxy-aware one, a test double); the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
}

export interface OEmbedOptions {
  maxwidth?: number;
  maxheight?: number;
}

export function createPostlensClient({ baseUrl, apiKey, fetch }: PostlensClientOptions) {
  const raw: Client<paths> = createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    ...(apiKey ? { headers: { authorization: `Bearer ${apiKey}` } } : {}),
    ...(fetch ? { fetch } : {}),
  });
  return {
    raw,
    /** `GET /api/v1/resolve`: the card of one post URL. */
    resolve: (url: string, options: { media?: MediaMode } = {}) => raw.GET('/api/v1/resolve', { params: { query: { url, ...options } } }),
    /** `POST /api/v1/resolve`: the cards of up to MAX_BATCH URLs, in order. */
    resolveBatch: (urls: string[], options: { media?: MediaMode } = {}) => raw.POST('/api/v1/resolve', { body: { urls, ...options } }),
    /** `GET /api/v1/canonical`: the platform and canonical URL, without any upstream request. */
    canonical: (url: string) => raw.GET('/api/v1/canonical', { params: { query: { url } } }),
    /** `GET /api/v1/platforms`: what the instance knows about each platform. */
    platforms: () => raw.GET('/api/v1/platforms'),
    /** `GET /api/v1/health`: liveness, or with `url` a real resolve for monitors. */
    health: (url?: string) => raw.GET('/api/v1/health', { params: { query: url === undefined ? {} : { url } } }),
    /** `GET /api/v1/info`: which build answers (version, commit, start time, platforms, cache backend). */
    info: () => raw.GET('/api/v1/info'),
    /** `GET /metrics`: the Prometheus text exposition (the API key opens it), as text. */
    metrics: () => raw.GET('/metrics', { parseAs: 'text' }),
    /** `GET /`: the playground page (public), as HTML text; `url` pre-fills it. */
    playground: (url?: string) => raw.GET('/', { params: { query: url === undefined ? {} : { url } }, parseAs: 'text' }),
    /** `GET /healthz`: public liveness. */
    liveness: () => raw.GET('/healthz'),
    /** `GET /oembed` as JSON (public). */
    oembed: (url: string, options: OEmbedOptions = {}) => raw.GET('/oembed', { params: { query: { url, format: 'json', ...options } } }),
    /** `GET /oembed?format=xml`: the same answer as XML text. */
    oembedXml: (url: string, options: OEmbedOptions = {}) => raw.GET('/oembed', { params: { query: { url, format: 'xml', ...options } }, parseAs: 'text' }),
    /** `GET /openapi.yaml`: the document these types come from, as text. */
    openapi: () => raw.GET('/openapi.yaml', { parseAs: 'text' }),
    /**
     * `GET /v/{token}` (or `HEAD`): a `playableUrl`'s media, its body left unread as a stream.
     * `token` is the last path segment of the playableUrl.
     */
    media: (token: string, options: { range?: string; method?: 'GET' | 'HEAD' } = {}) => {
      const init = { params: { path: { token }, ...(options.range ? { header: { Range: options.range } } : {}) }, parseAs: 'stream' as const };
      return options.method === 'HEAD' ? raw.HEAD('/v/{token}', init) : raw.GET('/v/{token}', init);
    },
  };
}

export type PostlensClient = ReturnType<typeof createPostlensClient>;
