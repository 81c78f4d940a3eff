// Rutube's URL routes: the video URLs people paste (pages, players, Shorts, private links with their
// key, tracking and playlist parameters) as one canonical URL; channels, playlists and the legacy
// numeric embeds as pages; hosts that only look alike as none.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const ID = '5c1f0e2d9a8b47c6b3e2d1f0a9b8c7d6';
const VIDEO = `https://rutube.ru/video/${ID}/`;
const PRIVATE = 'https://rutube.ru/video/private/0a1b2c3d4e5f60718293a4b5c6d7e8f9/?p=Fx7kQm2Pz9LwTn4Rb8YsAa';

describe('rutube URL routes', () => {
  canonicalTable([
    { input: VIDEO, platform: 'rutube', canonical: VIDEO, denotes: 'post', ids: { id: ID } },
    { input: `https://rutube.ru/video/${ID}`, platform: 'rutube', canonical: VIDEO },
    { input: `http://www.rutube.ru/video/${ID}/`, platform: 'rutube', canonical: VIDEO },
    { input: `https://m.rutube.ru/video/${ID}/`, platform: 'rutube', canonical: VIDEO },
    { input: `https://RUTUBE.RU/video/${ID}/#t=30`, platform: 'rutube', canonical: VIDEO },
    { input: `https://rutube.ru/video/${ID}/?r=wd&utm_source=telegram&utm_medium=share`, platform: 'rutube', canonical: VIDEO },
    { input: `https://rutube.ru/video/${ID}/?pl_id=4252&pl_type=source`, platform: 'rutube', canonical: VIDEO },
    { input: `https://rutube.ru/video/${ID}/?t=75`, platform: 'rutube', canonical: VIDEO },
    // The players.
    { input: `https://rutube.ru/play/embed/${ID}`, platform: 'rutube', canonical: VIDEO, denotes: 'post' },
    { input: `https://rutube.ru/play/embed/${ID}/?autoplay=1&skinColor=7cb342`, platform: 'rutube', canonical: VIDEO },
    { input: `http://rutube.ru/embed/${ID}`, platform: 'rutube', canonical: VIDEO },
    // Shorts.
    { input: `https://rutube.ru/shorts/${ID}/`, platform: 'rutube', canonical: `https://rutube.ru/shorts/${ID}/`, denotes: 'post', ids: { id: ID } },
    { input: `https://rutube.ru/shorts/${ID}?r=a`, platform: 'rutube', canonical: `https://rutube.ru/shorts/${ID}/` },
    // A private video: the key is part of its identity, kept; its players carry it too.
    { input: PRIVATE, platform: 'rutube', canonical: PRIVATE, denotes: 'post', ids: { id: '0a1b2c3d4e5f60718293a4b5c6d7e8f9', key: 'Fx7kQm2Pz9LwTn4Rb8YsAa' } },
    { input: 'https://rutube.ru/video/private/0a1b2c3d4e5f60718293a4b5c6d7e8f9?p=Fx7kQm2Pz9LwTn4Rb8YsAa&r=plwd&utm_source=share', platform: 'rutube', canonical: PRIVATE },
    { input: 'https://rutube.ru/play/embed/0a1b2c3d4e5f60718293a4b5c6d7e8f9?p=Fx7kQm2Pz9LwTn4Rb8YsAa', platform: 'rutube', canonical: PRIVATE },
    // Not videos: a private page without its key, channels, playlists, the legacy numeric embed, the home page.
    { input: 'https://rutube.ru/video/private/0a1b2c3d4e5f60718293a4b5c6d7e8f9/', platform: 'rutube', canonical: 'https://rutube.ru/video/private/0a1b2c3d4e5f60718293a4b5c6d7e8f9', denotes: 'page' },
    { input: 'https://rutube.ru/channel/3310042/', platform: 'rutube', canonical: 'https://rutube.ru/channel/3310042', denotes: 'page' },
    { input: 'https://rutube.ru/channel/3310042/videos/?utm_source=x', platform: 'rutube', canonical: 'https://rutube.ru/channel/3310042/videos', denotes: 'page' },
    { input: 'https://rutube.ru/plst/412345/', platform: 'rutube', canonical: 'https://rutube.ru/plst/412345', denotes: 'page' },
    { input: 'https://rutube.ru/play/embed/10259595', platform: 'rutube', canonical: 'https://rutube.ru/play/embed/10259595', denotes: 'page' },
    { input: 'https://rutube.ru/video/5C1F0E2D9A8B47C6B3E2D1F0A9B8C7D6/', platform: 'rutube', canonical: 'https://rutube.ru/video/5C1F0E2D9A8B47C6B3E2D1F0A9B8C7D6', denotes: 'page' },
    { input: 'https://rutube.ru/', platform: 'rutube', canonical: 'https://rutube.ru/', denotes: 'page' },
  ]);

  samePost([VIDEO, `https://rutube.ru/play/embed/${ID}`, `https://rutube.ru/embed/${ID}`, `https://m.rutube.ru/video/${ID}/?r=wd`]);
});

describe('rutube matching traps', () => {
  canonicalTable([
    { input: `https://rutube.ru.evil.test/video/${ID}/`, platform: 'none', canonical: `https://rutube.ru.evil.test/video/${ID}/` },
    { input: `https://notrutube.ru/video/${ID}/`, platform: 'none', canonical: `https://notrutube.ru/video/${ID}/` },
    { input: `https://rutube.ru@evil.test/video/${ID}/`, platform: 'none', canonical: `https://evil.test/video/${ID}/` },
    { input: `https://rutube.com/video/${ID}/`, platform: 'none', canonical: `https://rutube.com/video/${ID}/` },
  ]);
});
