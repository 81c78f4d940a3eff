// The adapter of a fediverse software family: like a declared adapter (shapes of post, each with its
// ordered strategies), but every request of a resolve is bound to the one server the post URL
// names — a server on the platform's list in force (defaults, MASTODON_INSTANCES,
// FEDIVERSE_INSTANCES), or the one discovery found for this post. Any other host is refused by the
// HTTP port before a request is made.
import { inject, injectable } from 'tsyringe';
import type { constructor } from 'tsyringe/dist/typings/types/index.js';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef } from '../../../application/ports/platform-adapter.port.js';
import { SPEC_LIST, type SpecList } from '../../../application/settings.js';
import type { FediverseId } from '../../../domain/platforms/fediverse-software.js';
import { shapeOf, type DeclaredAdapter, type PostShape } from '../kit/declared-adapter.js';
import { firstCard } from '../kit/strategies.js';
import { Upstream } from '../kit/upstream.js';

export interface FediverseDeclaration {
  id: FediverseId;
  /** Tried in order: the first shape whose ids the post carries resolves it; none → `unsupported`. */
  posts: readonly PostShape[];
}

export function fediverseAdapter(declaration: FediverseDeclaration): constructor<DeclaredAdapter> {
  @injectable()
  class FediverseAdapter implements PlatformAdapter {
    /** The servers of the spec in force (the configured list, not only the default one). */
    readonly upstreamHosts: readonly string[];

    constructor(
      @inject(HTTP_CLIENT) private readonly http: HttpClient,
      @inject(SPEC_LIST) specs: SpecList,
    ) {
      this.upstreamHosts = specs.find((spec) => spec.id === declaration.id)?.upstreamHosts ?? [];
    }

    resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
      const found = shapeOf(declaration.posts, post.ids);
      if (!found) return Promise.resolve({ ok: false, reason: 'unsupported' });
      const instance = post.ids['instance'];
      const allowed = instance !== undefined && (this.upstreamHosts.includes(instance) || post.discoveredHost === instance);
      // An instance neither listed nor discovered gets no host at all: the HTTP port refuses it.
      const upstream = new Upstream(this.http, allowed ? [instance] : []);
      // A server every strategy was refused (not allowed, or its address refused) is thrown by the chain, so it strikes no breaker.
      return firstCard(found.shape.strategies(found.ids, upstream, post), signal, { finalReasons: found.shape.finalReasons });
    }
  }
  return FediverseAdapter;
}
