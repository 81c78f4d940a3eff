// A registered platform's spec, as URL matching and the use cases read it: its id is a `PlatformId`.
// The spec's shape is `platform-spec.ts`; the routes are `route.ts` (re-exported here for matching).
import type { PlatformId } from './platform-id.js';
import type { PlatformSpec } from './platform-spec.js';

export type { Ids, Route, RouteMatch } from './route.js';
export { groupsOf, hostVariants } from './route.js';

export type PlatformRule = PlatformSpec<PlatformId>;
