// The page's picture (docs/design.md §3 "Fields", `image`), and its gallery when it declares several
// distinct `og:image`s. Never an arbitrary `<img>` of the body: only what the page declares.
import type { MediaImage } from '../../../../domain/card.js';
import { asObject } from '../../kit/json.js';
import { statedSizes } from './media-sizes.js';
import { ogObjects } from './open-graph-structs.js';
import type { PageView } from './page-view.js';
import { cleanText, type Rule } from './rule.js';

function image(url: string | undefined, width?: unknown, height?: unknown, alt?: string): MediaImage | undefined {
  if (!url) return undefined;
  const text = cleanText(alt);
  return { url, ...statedSizes(width, height), ...(text ? { alt: text } : {}) };
}

/** Every distinct `og:image` of the page, each with its own stated size and alt text. */
export function ogImages(page: PageView): MediaImage[] {
  const seen = new Set<string>();
  return ogObjects(page.metaEntries, 'image').flatMap((object) => {
    const url = object.urls.map(page.url).find((found) => found !== undefined);
    if (!url || seen.has(url)) return [];
    seen.add(url);
    return [image(url, object.width, object.height, object.alt)!];
  });
}

/** A JSON-LD `image`/`thumbnailUrl` value: a URL, or an ImageObject's `url`/`contentUrl` with its size. */
function ldImage(page: PageView): (value: unknown) => MediaImage | undefined {
  return (value) => {
    const object = asObject(value);
    if (!object) return image(page.url(value));
    return image(page.url(object['url']) ?? page.url(object['contentUrl']), object['width'], object['height'], typeof object['caption'] === 'string' ? object['caption'] : undefined);
  };
}

const twitterImage = (page: PageView, key: string) => image(page.url(page.meta(key)), page.meta('twitter:image:width'), page.meta('twitter:image:height'), page.meta('twitter:image:alt'));

export const IMAGE_RULES: readonly Rule<MediaImage>[] = [
  (page) => (page.oembed?.type === 'photo' ? image(page.url(page.oembed.url), page.oembed.width, page.oembed.height) : undefined),
  // `og:image:secure_url` › `og:image:url` › `og:image`, of the first object that has a usable one.
  (page) => ogImages(page)[0],
  (page) => twitterImage(page, 'twitter:image:src'),
  (page) => twitterImage(page, 'twitter:image'),
  // `itemprop=image` on a meta or a link of the head.
  (page) => image(page.url(page.meta('image')) ?? page.url(page.facts.links.find((link) => link['itemprop']?.toLowerCase() === 'image')?.['href'])),
  (page) => page.ld.first('image', ldImage(page)) ?? page.ld.first('thumbnailUrl', ldImage(page)),
  (page) => image(page.url(page.links('image_src')[0]?.['href'])),
  (page) => image(page.url(page.oembed?.thumbnailUrl), page.oembed?.thumbnailWidth, page.oembed?.thumbnailHeight),
];

/** The gallery: two or more distinct `og:image`s, when the picture chosen is the first of them. */
export function galleryOf(page: PageView, chosen: MediaImage | undefined): MediaImage[] | undefined {
  const images = ogImages(page);
  return images.length >= 2 && chosen?.url === images[0]!.url ? images : undefined;
}
