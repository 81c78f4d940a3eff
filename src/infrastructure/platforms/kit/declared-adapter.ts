// A platform adapter declared rather than written: its spec (the hosts every request is bound to),
// the shapes of post it resolves — each named by the ids its URL routes extract, with the ordered
// strategies that make its card — and how it reads a short link. The class tsyringe builds, the
// chain runner and the "no such ids → unsupported" answer live here once, for every such platform.
// A declaration that needs a session (cookies, an API key, a client id) is handed the credential of
// the session chosen for the resolve under way, read once as the resolve starts (docs/design.md §9 "Choosing").
import { inject, injectable } from 'tsyringe';
import type { constructor } from 'tsyringe/dist/typings/types/index.js';
import { SESSION_IN_USE, type SessionInUse } from '../../../application/access/session-in-use.js';
import type { PlatformCredential } from '../../../application/credentials.js';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef, ShortLinkHop } from '../../../application/ports/platform-adapter.port.js';
import type { PlatformId } from '../../../domain/platforms/platform-id.js';
import type { PlatformSpec } from '../../../domain/platforms/platform-spec.js';
import type { Reason } from '../../../domain/reasons.js';
import { firstCard, type Strategy } from './strategies.js';
import { UpstreamAdapter, type Upstream } from './upstream.js';

/**
 * One shape of post URL (a video's, a wall post's, a track's): the route ids that name it and its
 * chain. The card's `kind` is another thing: what the chain finds decides it.
 */
export interface PostShape {
  /** The route ids this shape needs, all present and non-empty. */
  readonly ids: readonly string[];
  /**
   * Its strategies, best first; called once per resolve, so a closure may share state within one.
   * `credential`: the resolve's session for this platform; undefined when it runs anonymously.
   */
  strategies(ids: Readonly<Record<string, string>>, upstream: Upstream, post: PostRef, credential?: PlatformCredential): readonly Strategy[];
  /** Reasons that end the chain (default: `not-found` only). */
  readonly finalReasons?: readonly Reason[];
}

export interface AdapterDeclaration {
  /** `id` names the platform whose session the resolve presents; `upstreamHosts` bind every request. */
  spec: Pick<PlatformSpec<PlatformId>, 'id' | 'upstreamHosts'>;
  /** Tried in order: the first shape whose ids the post carries resolves it; none → `unsupported`. */
  posts: readonly PostShape[];
  /** Reads one hop of a short link without following it (as the resolve's session, where it has one); declared when the spec has short routes. */
  readShortLink?(upstream: Upstream, url: string, signal: AbortSignal, credential?: PlatformCredential): Promise<ShortLinkHop>;
}

/** A shape of post, typed by the ids it needs. */
export function postShape<K extends string>(
  ids: readonly K[],
  strategies: (ids: Readonly<Record<K, string>>, upstream: Upstream, post: PostRef, credential?: PlatformCredential) => readonly Strategy[],
  options: { finalReasons?: readonly Reason[] } = {},
): PostShape {
  return { ids, strategies: strategies as PostShape['strategies'], ...options };
}

/** The shape a post has, by its ids, with those ids; undefined when it has none of them. */
export function shapeOf(posts: readonly PostShape[], ids: Readonly<Record<string, string>>): { shape: PostShape; ids: Readonly<Record<string, string>> } | undefined {
  for (const shape of posts) {
    if (shape.ids.every((name) => typeof ids[name] === 'string' && ids[name] !== '')) return { shape, ids };
  }
  return undefined;
}

/** What a declared adapter is: an adapter bound to its spec's hosts (which tests read). */
export type DeclaredAdapter = PlatformAdapter & { readonly upstreamHosts: readonly string[] };

/** The injectable adapter class a declaration stands for (registered like any hand-written one). */
export function declaredAdapter(declaration: AdapterDeclaration & Required<Pick<AdapterDeclaration, 'readShortLink'>>): constructor<DeclaredAdapter & Required<Pick<PlatformAdapter, 'readShortLink'>>>;
export function declaredAdapter(declaration: AdapterDeclaration): constructor<DeclaredAdapter>;
export function declaredAdapter(declaration: AdapterDeclaration): constructor<DeclaredAdapter> {
  @injectable()
  class Declared extends UpstreamAdapter implements PlatformAdapter {
    constructor(
      @inject(HTTP_CLIENT) http: HttpClient,
      @inject(SESSION_IN_USE) protected readonly session: SessionInUse,
    ) {
      super(http, declaration.spec.upstreamHosts);
    }

    resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
      const found = shapeOf(declaration.posts, post.ids);
      if (!found) return Promise.resolve({ ok: false, reason: 'unsupported' });
      const strategies = found.shape.strategies(found.ids, this.upstream, post, this.session.credential(declaration.spec.id));
      return firstCard(strategies, signal, { finalReasons: found.shape.finalReasons });
    }
  }
  if (!declaration.readShortLink) return Declared;
  const read = declaration.readShortLink;

  @injectable()
  class DeclaredAdapterWithShortLinks extends Declared {
    constructor(@inject(HTTP_CLIENT) http: HttpClient, @inject(SESSION_IN_USE) session: SessionInUse) {
      super(http, session);
    }

    readShortLink(url: string, signal: AbortSignal): Promise<ShortLinkHop> {
      return read(this.upstream, url, signal, this.session.credential(declaration.spec.id));
    }
  }
  return DeclaredAdapterWithShortLinks;
}
