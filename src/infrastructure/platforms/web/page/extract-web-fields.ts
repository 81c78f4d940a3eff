// A page's card fields (docs/design.md §3 "Fields"): each field from its ordered rules over what the page
// reader read and the oEmbed answer, if the platform got one. Pure: no I/O, the same page gives the
// same fields.
import { present } from '../../kit/details.js';
import { authorOf } from './author-rules.js';
import { declaredCanonicalOf, oembedDiscoveryOf } from './declared-links.js';
import { EDITED_RULES, PUBLISHED_RULES } from './date-rules.js';
import { iconOf } from './icon-rule.js';
import { IMAGE_RULES, galleryOf } from './image-rules.js';
import { JsonLdGraph } from './json-ld-graph.js';
import type { OembedFacts } from './oembed-facts.js';
import type { PageFacts } from './page-facts.js';
import { pageView } from './page-view.js';
import { firstOf } from './rule.js';
import { LANG_RULES, isNsfw, siteNameOf, themeColorOf } from './site-rules.js';
import { DESCRIPTION_RULES, TITLE_RULES } from './text-rules.js';
import { AUDIO_RULES, VIDEO_RULES } from './video-rules.js';
import type { WebFields } from './web-fields.js';

export interface ExtractOptions {
  /** The oEmbed answer the registry's or the page's discovered endpoint gave (oembedFacts of its JSON). */
  oembed?: OembedFacts;
  /** The page answer's HTTP `Link` header, where an oEmbed discovery link may be. */
  linkHeader?: string;
}

export function extractWebFields(facts: PageFacts, { oembed, linkHeader }: ExtractOptions = {}): WebFields {
  const page = pageView(facts, new JsonLdGraph(facts.jsonLd), oembed);
  const image = firstOf(page, IMAGE_RULES);
  const images = galleryOf(page, image);
  const video = firstOf(page, VIDEO_RULES);
  const audio = firstOf(page, AUDIO_RULES);
  const fields: WebFields = {
    // docs/design.md §3: a video (file or player) → video; two or more images → gallery; oEmbed `photo` or one image → image.
    kind: video ? 'video' : images ? 'gallery' : image ? 'image' : 'link',
    siteName: siteNameOf(page),
    themeColor: themeColorOf(page),
    nsfw: isNsfw(page),
  };
  return {
    ...fields,
    ...present({
      title: firstOf(page, TITLE_RULES),
      description: firstOf(page, DESCRIPTION_RULES),
      image,
      images,
      video,
      audio,
      author: authorOf(page),
      publishedAt: firstOf(page, PUBLISHED_RULES),
      editedAt: firstOf(page, EDITED_RULES),
      lang: firstOf(page, LANG_RULES),
      icon: iconOf(page),
      declaredCanonical: declaredCanonicalOf(page),
      oembedDiscovery: oembedDiscoveryOf(page, linkHeader),
    }),
  };
}
