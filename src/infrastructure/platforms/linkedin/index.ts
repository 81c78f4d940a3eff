// LinkedIn adapter: a post's guest page (JSON-LD and Open Graph, as a link crawler reads them), then
// its embed page as a browser asks for it; a Pulse article's page; lnkd.in read hop by hop. A login
// wall or HTTP 999 is `blocked`; there is no API without OAuth.
import { linkedin } from '../../../domain/platforms/linkedin.js';
import { originOf } from '../kit/origin.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { articleCard } from './article.js';
import { postCard } from './post.js';
import { readLnkdIn } from './short-link.js';

const ORIGIN = originOf(linkedin);

export const LinkedinAdapter = declaredAdapter({
  spec: linkedin,
  posts: [
    postShape(['type', 'id'], ({ type, id }, upstream) => [
      { name: 'page', run: (s) => postCard(upstream, `${ORIGIN}/feed/update/urn:li:${type}:${id}/`, 'linkPreview', s) },
      { name: 'embed', run: (s) => postCard(upstream, `${ORIGIN}/embed/feed/update/urn:li:${type}:${id}`, 'browser', s) },
    ]),
    postShape(['slug'], ({ slug }, upstream) => [{ name: 'article', run: (s) => articleCard(upstream, `${ORIGIN}/pulse/${slug}`, s) }]),
  ],
  readShortLink: readLnkdIn,
});
