// Requests to a TestApp's `/v/` paths with the body as bytes (TestApp.request reads text), each
// answer checked against openapi.yaml like every other HTTP test.
import { request, type Dispatcher } from 'undici';
import { AesGcmSigner } from '../../src/infrastructure/signer/aes-gcm.signer.js';
import type { MediaTicket } from '../../src/application/ports/signer.port.js';
import type { TestApp } from './app.js';
import { assertResponseMatchesSpec } from './openapi.js';

export interface MediaAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export async function getMedia(app: TestApp, path: string, options: { method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {}): Promise<MediaAnswer> {
  const method = options.method ?? 'GET';
  const answer = await request(app.baseUrl + path, { method, headers: options.headers ?? {} });
  const body = Buffer.from(await answer.body.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  const textual = /json|xml|mpegurl|text\//.test(headers['content-type'] ?? '') ? body.toString('utf8') : '';
  assertResponseMatchesSpec(method, new URL(path, app.baseUrl).pathname, answer.statusCode, new Headers(headers), method === 'HEAD' ? '' : textual || (body.length ? 'x' : ''));
  return { status: answer.statusCode, headers, body };
}

/** A request straight to a media host (bypassing postlens), e.g. to show a raw URL fails alone. */
export async function getDirect(url: string, dispatcher: Dispatcher, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer }> {
  const answer = await request(url, { dispatcher, headers });
  return { status: answer.statusCode, body: Buffer.from(await answer.body.arrayBuffer()) };
}

/** Seals a ticket as an instance with this PROXY_SECRET would; `/v/{token}` path. */
export function mediaPath(secret: string, ticket: MediaTicket, expiresAt = Date.now() + 600_000, ext = ''): string {
  return `/v/${new AesGcmSigner({ current: secret }).seal(ticket, expiresAt)}${ext}`;
}
