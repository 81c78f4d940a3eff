// The soak's fediverse servers no list names (docs/design.md §3 "Any other host, discovered"), as replay
// answers for them: a few Mastodon servers (NodeInfo and posts), a blog whose NodeInfo names other
// software, and made-up hosts with nothing recorded (replay fails them as network errors). Bounded
// sets, so discovery's cache and windows reach a steady size; the soak's one key asks more new hosts
// than its share of FEDIVERSE_DISCOVERY_PER_MIN at first, so over-rate answers are in the mix too.
import type { RecordedExchange } from '../src/infrastructure/http/recorded-exchanges.js';

const SERVERS = ['soak-social-1.example', 'soak-social-2.example', 'soak-social-3.example'];
const BLOG = 'soak-blog.example';
const POSTS_PER_SERVER = 6;
const MADE_UP = 40;

export interface Discovered {
  /** Replay's recordings for the servers and the blog. */
  recordings: RecordedExchange[];
  /** Posts on discovered Mastodon servers: `ok` once their server is discovered, `no-adapter` while discovery is over its rate. */
  posts: string[];
  /** Post-shaped URLs on the blog and on made-up hosts: `no-adapter`. */
  strangers: string[];
}

const statusId = (server: number, post: number) => String(113900000077000000 + server * 1000 + post);

export function discoveredServers(): Discovered {
  const recordings: RecordedExchange[] = [...SERVERS.flatMap((host) => nodeInfo(host, 'mastodon')), ...nodeInfo(BLOG, 'wordpress')];
  const posts: string[] = [];
  for (const [s, host] of SERVERS.entries()) {
    for (let p = 0; p < POSTS_PER_SERVER; p++) {
      const id = statusId(s, p);
      recordings.push(status(host, id, p));
      posts.push(`https://${host}/@quinn/${id}`);
    }
  }
  const strangers = [`https://${BLOG}/@quinn/${statusId(9, 1)}`, ...Array.from({ length: MADE_UP }, (_, i) => `https://made-up-${i}.soak.example/@quinn/${statusId(8, i)}`)];
  return { recordings, posts, strangers };
}

function nodeInfo(host: string, software: string): RecordedExchange[] {
  const json = { 'content-type': 'application/json' };
  return [
    { scope: `https://${host}`, method: 'GET', path: '/.well-known/nodeinfo', status: 200, headers: json, response: { links: [{ rel: 'http://nodeinfo.diaspora.software/ns/schema/2.0', href: `https://${host}/nodeinfo/2.0` }] } },
    {
      scope: `https://${host}`,
      method: 'GET',
      path: '/nodeinfo/2.0',
      status: 200,
      headers: json,
      response: { version: '2.0', software: { name: software, version: '4.3.2' }, protocols: ['activitypub'], usage: { users: { total: 12 } }, openRegistrations: false, metadata: {} },
    },
  ];
}

/** A Mastodon-API status: text only, or with one picture every other post. */
function status(host: string, id: string, n: number): RecordedExchange {
  const media = n % 2 === 0 ? [{ id: `${id}1`, type: 'image', url: `https://${host}/system/media/${id}.jpg`, description: 'A harbour at dawn', meta: { original: { width: 1200, height: 800 } } }] : [];
  return {
    scope: `https://${host}`,
    method: 'GET',
    path: `/api/v1/statuses/${id}`,
    status: 200,
    headers: { 'content-type': 'application/json' },
    response: {
      id,
      created_at: '2025-06-02T08:15:30.000Z',
      sensitive: false,
      spoiler_text: '',
      language: 'en',
      content: `<p>Soak post ${n} from a small server.</p>`,
      account: { id: '7', username: 'quinn', acct: 'quinn', display_name: 'Quinn', url: `https://${host}/@quinn` },
      media_attachments: media,
    },
  };
}
