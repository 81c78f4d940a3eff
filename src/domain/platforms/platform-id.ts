// Platform identifiers: lower-case ASCII, stable, part of the API (DESIGN.md §3).
export const PLATFORM_IDS = [
  'twitter',
  'instagram',
  'tiktok',
  'reddit',
  'youtube',
  'bluesky',
  'mastodon',
  'threads',
  'facebook',
] as const;

export type PlatformId = (typeof PLATFORM_IDS)[number];

export function isPlatformId(value: unknown): value is PlatformId {
  return typeof value === 'string' && (PLATFORM_IDS as readonly string[]).includes(value);
}
