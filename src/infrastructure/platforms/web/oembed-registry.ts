// The oEmbed registry (oembed.com's providers list, as the `oembed-providers` package publishes it):
// which provider's endpoint answers for a URL, found by host (docs/design.md §3 "Chain", step 1). The
// schemes are indexed by their host with any leading `*.` labels taken off, so a URL is matched
// against the few schemes of its own host and parent domains, never against all ~850.
import { createRequire } from 'node:module';

interface Provider {
  provider_name: string;
  endpoints: readonly { schemes?: readonly string[]; url: string }[];
}

interface Scheme {
  pattern: RegExp;
  endpoint: string;
}

export class OembedRegistry {
  private readonly byHost = new Map<string, Scheme[]>();

  constructor(providers: readonly Provider[]) {
    for (const provider of providers) {
      for (const { schemes = [], url } of provider.endpoints) {
        // `{format}` in an endpoint (`/oembed.{format}`) asks for the answer's format in its path.
        const endpoint = url.replace('{format}', 'json');
        for (const scheme of schemes) {
          const parsed = /^(?:https?:)?\/\/([^/]+)(\/.*)?$/i.exec(scheme.trim());
          if (!parsed) continue;
          const host = parsed[1]!.toLowerCase();
          const key = host.replace(/^(?:\*\.)+/, '');
          // A wildcard left inside the host (rare) cannot be indexed by name: such schemes sit under `*`.
          const slot = key.includes('*') ? '*' : key;
          const list = this.byHost.get(slot) ?? [];
          list.push({ pattern: schemePattern(host, parsed[2] ?? '/'), endpoint });
          this.byHost.set(slot, list);
        }
      }
    }
  }

  /** The registry's endpoint for `url`, or undefined when no provider's scheme matches it. */
  endpointFor(url: URL): string | undefined {
    const host = url.hostname.toLowerCase();
    // http and https are one page to a provider: many list only one of the two.
    const target = `${host}${url.pathname}${url.search}`;
    const labels = host.split('.');
    for (let i = 0; i < labels.length; i++) {
      const found = this.byHost.get(labels.slice(i).join('.'))?.find((scheme) => scheme.pattern.test(target));
      if (found) return found.endpoint;
    }
    return this.byHost.get('*')?.find((scheme) => scheme.pattern.test(target))?.endpoint;
  }
}

/** A scheme's host and path as one pattern: `*` is one label in the host, anything in the path. */
function schemePattern(host: string, path: string): RegExp {
  const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const hostPattern = host.split('*').map(escape).join('[^./]+');
  const pathPattern = path.split('*').map(escape).join('.*');
  return new RegExp(`^${hostPattern}${pathPattern}$`, 'i');
}

/** The registry as the installed `oembed-providers` package holds it. */
export function installedOembedRegistry(): OembedRegistry {
  const providers = createRequire(import.meta.url)('oembed-providers/providers.json') as Provider[];
  return new OembedRegistry(providers);
}
