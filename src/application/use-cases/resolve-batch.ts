// Resolve many URLs: bounded concurrency, request order kept, identical posts fetched once, and a
// malformed item answered on its own without failing the others.
import { inject, injectable } from 'tsyringe';
import { mapLimit } from '../concurrency.js';
import type { MediaMode } from '../../domain/media-token-policy.js';
import { ResolveUseCase, type ResolveResult } from './resolve.js';

export type BatchItem = ({ url: string } & ResolveResult) | { url: string; status: 'no-adapter'; platform: 'none'; error: string };

/** Items resolved at once: enough to hide upstream latency, few enough to stay polite. */
const BATCH_CONCURRENCY = 8;

@injectable()
export class ResolveBatchUseCase {
  constructor(@inject(ResolveUseCase) private readonly resolve: ResolveUseCase) {}

  /** `media: 'proxied'` asks for a `playableUrl` on every item's video, as on the single resolve; `client` as there. */
  async execute(urls: readonly string[], options: { media?: MediaMode; requestId?: string; client?: string } = {}): Promise<BatchItem[]> {
    const plans = urls.map((url) => this.resolve.plan(url));
    const byKey = new Map<string, Promise<ResolveResult>>();
    return mapLimit(plans, BATCH_CONCURRENCY, async (item, i): Promise<BatchItem> => {
      const url = urls[i]!;
      if (!item.ok) return { url, status: 'no-adapter', platform: 'none', error: item.error };
      let running = byKey.get(item.key);
      if (!running) {
        running = item.run({ media: options.media ?? 'raw', requestId: options.requestId, client: options.client });
        byKey.set(item.key, running);
      }
      return { url, ...(await running) };
    });
  }
}
