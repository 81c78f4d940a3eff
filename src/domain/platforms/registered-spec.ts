// A registered platform's spec, as URL matching and the use cases read it: its id is a `PlatformId`.
// The spec's shape is `platform-spec.ts`, which may not name `PlatformId` (the registry derives it
// from the specs); this is that shape with the registry's ids.
import type { PlatformId } from './platform-id.js';
import type { PlatformSpec } from './platform-spec.js';

export type RegisteredSpec = PlatformSpec<PlatformId>;
