// Platform identifiers: the keys of the platform registry (`index.ts`), in its order.
import { PLATFORM_SPECS, type PlatformId } from './index.js';

export type { PlatformId };

export const PLATFORM_IDS = Object.keys(PLATFORM_SPECS) as readonly PlatformId[];

export function isPlatformId(value: unknown): value is PlatformId {
  return typeof value === 'string' && Object.hasOwn(PLATFORM_SPECS, value);
}
