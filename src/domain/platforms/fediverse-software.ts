// The fediverse's software families (docs/design.md §3 "The fediverse"): the platform ids that
// stand for them (generated: fediverse-ids.ts), and which NodeInfo `software.name` belongs to
// which. Pure data; the families' specs and the discovery of unknown servers both read it.
import { FEDIVERSE_IDS } from './fediverse-ids.js';

export { FEDIVERSE_IDS };

export type FediverseId = (typeof FEDIVERSE_IDS)[number];

/**
 * NodeInfo `software.name` (lower case, as the schema asks; some forks send mixed case) of a fork
 * to the family whose API it serves; a family's own name needs no entry. Forks keep their parent's
 * API: Hometown and glitch-soc are Mastodon, Akkoma and Rebased are Pleroma, Sharkey, Firefish
 * (once Calckey), Iceshrimp, Catodon, CherryPick, FoundKey and Meisskey are Misskey.
 */
const FAMILY_OF_SOFTWARE: Readonly<Record<string, FediverseId>> = {
  hometown: 'mastodon',
  'glitch-soc': 'mastodon',
  glitchsoc: 'mastodon',
  akkoma: 'pleroma',
  rebased: 'pleroma',
  sharkey: 'misskey',
  firefish: 'misskey',
  calckey: 'misskey',
  iceshrimp: 'misskey',
  catodon: 'misskey',
  cherrypick: 'misskey',
  foundkey: 'misskey',
  meisskey: 'misskey',
};

export function isFediverseId(value: unknown): value is FediverseId {
  return typeof value === 'string' && (FEDIVERSE_IDS as readonly string[]).includes(value);
}

/** The family a software name (NodeInfo's, or a FEDIVERSE_INSTANCES value) belongs to; undefined for any other software. */
export function familyOfSoftware(name: unknown): FediverseId | undefined {
  if (typeof name !== 'string') return undefined;
  const key = name.trim().toLowerCase();
  if (isFediverseId(key)) return key;
  return Object.hasOwn(FAMILY_OF_SOFTWARE, key) ? FAMILY_OF_SOFTWARE[key] : undefined;
}
