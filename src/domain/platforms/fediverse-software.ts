// The fediverse's software families (docs/design.md §3 "The fediverse"): the platform ids that stand for
// them, and which NodeInfo `software.name` belongs to which. Pure data; the specs of the eight ids
// and the discovery of unknown servers both read it.

/** The eight platform ids that are fediverse software families, in registry order. */
export const FEDIVERSE_IDS = ['mastodon', 'pleroma', 'misskey', 'gotosocial', 'pixelfed', 'friendica', 'lemmy', 'peertube'] as const;

export type FediverseId = (typeof FEDIVERSE_IDS)[number];

/**
 * NodeInfo `software.name` (lower case, as the schema asks; some forks send mixed case) to the
 * family whose API it serves. Forks keep their parent's API: Hometown and glitch-soc are Mastodon,
 * Akkoma and Rebased are Pleroma, Sharkey, Firefish (once Calckey), Iceshrimp, Catodon,
 * CherryPick, FoundKey and Meisskey are Misskey.
 */
const FAMILY_OF_SOFTWARE: Readonly<Record<string, FediverseId>> = {
  mastodon: 'mastodon',
  hometown: 'mastodon',
  'glitch-soc': 'mastodon',
  glitchsoc: 'mastodon',
  pleroma: 'pleroma',
  akkoma: 'pleroma',
  rebased: 'pleroma',
  misskey: 'misskey',
  sharkey: 'misskey',
  firefish: 'misskey',
  calckey: 'misskey',
  iceshrimp: 'misskey',
  catodon: 'misskey',
  cherrypick: 'misskey',
  foundkey: 'misskey',
  meisskey: 'misskey',
  gotosocial: 'gotosocial',
  pixelfed: 'pixelfed',
  friendica: 'friendica',
  lemmy: 'lemmy',
  peertube: 'peertube',
};

export function isFediverseId(value: unknown): value is FediverseId {
  return typeof value === 'string' && (FEDIVERSE_IDS as readonly string[]).includes(value);
}

/** The family a software name (NodeInfo's, or a FEDIVERSE_INSTANCES value) belongs to; undefined for any other software. */
export function familyOfSoftware(name: unknown): FediverseId | undefined {
  if (typeof name !== 'string') return undefined;
  const key = name.trim().toLowerCase();
  return Object.hasOwn(FAMILY_OF_SOFTWARE, key) ? FAMILY_OF_SOFTWARE[key] : undefined;
}
