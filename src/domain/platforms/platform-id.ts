// Platform identifiers: lower-case ASCII, stable, part of the API (DESIGN.md §3). They are the keys
// of the platform registry, in its order.
import { PLATFORM_SPECS } from './index.js';

export type PlatformId = keyof typeof PLATFORM_SPECS;

export const PLATFORM_IDS = Object.keys(PLATFORM_SPECS) as readonly PlatformId[];

export function isPlatformId(value: unknown): value is PlatformId {
  return typeof value === 'string' && Object.hasOwn(PLATFORM_SPECS, value);
}
