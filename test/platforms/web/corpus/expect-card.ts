// Compares what an extractor read from a corpus page with the card expected by hand, field by field.
import type { CardField, ExpectedCard } from './corpus-page.js';

/** The fields of a card as the corpus compares them, whatever shape the extractor gives them in. */
export interface ObservedCard {
  title?: string;
  description?: string;
  image?: string;
  images?: number;
  video?: { url: string; mimeType?: string };
  siteName?: string;
  author?: string;
  publishedAt?: string;
  lang?: string;
  kind?: string;
  themeColor?: string;
  canonical?: string;
  icon?: string;
  oembed?: string;
  nsfw?: boolean;
}

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Cards carry dates to the second (docs/design.md §4, `2024-05-01T12:34:56Z`), so a page's milliseconds may be dropped. */
function sameInstant(expected: string, observed: string | undefined): boolean {
  if (observed === undefined) return false;
  const seconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);
  return seconds(observed) === seconds(expected);
}

function checkField(field: CardField, expected: ExpectedCard, observed: ObservedCard): string | undefined {
  const want = expected[field as keyof ExpectedCard];
  const got = observed[field as keyof ObservedCard];
  if (want === undefined) return undefined;
  const show = (value: unknown): string => JSON.stringify(value);
  switch (field) {
    case 'title':
    case 'author':
    case 'siteName':
      return typeof got === 'string' && squash(got) === squash(want as string) ? undefined : `${field}: expected ${show(want)}, got ${show(got)}`;
    case 'description': {
      const text = typeof got === 'string' ? squash(got) : undefined;
      const ok = typeof want === 'string' ? text === squash(want) : text?.startsWith(squash((want as { startsWith: string }).startsWith));
      return ok ? undefined : `description: expected ${show(want)}, got ${show(got)}`;
    }
    case 'publishedAt':
      return sameInstant(want as string, got as string | undefined) ? undefined : `publishedAt: expected ${show(want)}, got ${show(got)}`;
    case 'lang':
    case 'themeColor':
      return typeof got === 'string' && got.toLowerCase() === (want as string).toLowerCase() ? undefined : `${field}: expected ${show(want)}, got ${show(got)}`;
    case 'video': {
      const wantVideo = want as { url?: string; mimeType?: string };
      const gotVideo = observed.video;
      const ok = gotVideo !== undefined && (wantVideo.url === undefined || gotVideo.url === wantVideo.url)
        && (wantVideo.mimeType === undefined || gotVideo.mimeType === wantVideo.mimeType);
      return ok ? undefined : `video: expected ${show(wantVideo)}, got ${show(gotVideo)}`;
    }
    default:
      return got === want ? undefined : `${field}: expected ${show(want)}, got ${show(got)}`;
  }
}

const CHECKED: readonly CardField[] = ['title', 'description', 'image', 'images', 'video', 'siteName', 'author', 'publishedAt', 'lang', 'themeColor', 'canonical', 'icon', 'oembed', 'nsfw'];

/** Every difference between the expectation and what was read; empty when the page is read as a person reads it. */
export function cardMismatches(expected: ExpectedCard, observed: ObservedCard): string[] {
  const problems = CHECKED.map((field) => checkField(field, expected, observed)).filter((problem): problem is string => problem !== undefined);
  if (expected.kind !== undefined && observed.kind !== expected.kind) problems.push(`kind: expected "${expected.kind}", got ${JSON.stringify(observed.kind)}`);
  for (const field of expected.absent ?? []) {
    const got = observed[field as keyof ObservedCard];
    if (got !== undefined && got !== '') problems.push(`${field}: expected absent, got ${JSON.stringify(got)}`);
  }
  return problems;
}
