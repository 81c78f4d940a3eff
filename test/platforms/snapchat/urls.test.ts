// Snapchat's URL routes: Spotlight videos and story snaps as people paste them (www., bare and
// story. hosts, /u/ and /add/ forms, share and locale parameters), t.snapchat.com share links kept
// short, profiles and other pages, and hosts that only look alike.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const SPOT = 'W7_EDlXWTBiXAEEniNoMPwAAYYWtidGhudGZpAX1TKn0JAX1TKnXJAAAAAA';

describe('snapchat URL routes', () => {
  canonicalTable([
    { input: `https://www.snapchat.com/spotlight/${SPOT}`, platform: 'snapchat', canonical: `https://www.snapchat.com/spotlight/${SPOT}`, denotes: 'post', ids: { spotlight: SPOT } },
    { input: `https://snapchat.com/spotlight/${SPOT}`, platform: 'snapchat', canonical: `https://www.snapchat.com/spotlight/${SPOT}` },
    { input: `www.snapchat.com/spotlight/${SPOT}/`, platform: 'snapchat', canonical: `https://www.snapchat.com/spotlight/${SPOT}` },
    { input: `https://story.snapchat.com/spotlight/${SPOT}`, platform: 'snapchat', canonical: `https://www.snapchat.com/spotlight/${SPOT}` },
    { input: `https://www.snapchat.com/spotlight/${SPOT}?sender_web_id=6d0e1c4a&device_type=desktop&is_copy_url=true`, platform: 'snapchat', canonical: `https://www.snapchat.com/spotlight/${SPOT}` },
    { input: `https://www.snapchat.com/spotlight/${SPOT}?share_id=QkY2MjE4&locale=en-GB&utm_source=whatsapp#comments`, platform: 'snapchat', canonical: `https://www.snapchat.com/spotlight/${SPOT}` },
    { input: 'https://www.snapchat.com/add/djkhaled305/AAAAAQzTZ8F3iHf3AAGMtl1L9AAAAAA', platform: 'snapchat', canonical: 'https://www.snapchat.com/add/djkhaled305/AAAAAQzTZ8F3iHf3AAGMtl1L9AAAAAA', denotes: 'post', ids: { user: 'djkhaled305', snap: 'AAAAAQzTZ8F3iHf3AAGMtl1L9AAAAAA' } },
    { input: 'https://story.snapchat.com/add/djkhaled305/AAAAAQzTZ8F3iHf3AAGMtl1L9AAAAAA?share_id=x&locale=en-US', platform: 'snapchat', canonical: 'https://www.snapchat.com/add/djkhaled305/AAAAAQzTZ8F3iHf3AAGMtl1L9AAAAAA' },
    { input: 'https://www.snapchat.com/u/djkhaled305/AAAAAQzTZ8F3iHf3AAGMtl1L9AAAAAA', platform: 'snapchat', canonical: 'https://www.snapchat.com/add/djkhaled305/AAAAAQzTZ8F3iHf3AAGMtl1L9AAAAAA' },
    // The account keeps the URL's spelling (the adapter answers with Snapchat's own).
    { input: 'https://www.snapchat.com/add/DJKhaled305/AAAAAQzTZ8F3iHf3AAGMtl1L9AAAAAA', platform: 'snapchat', canonical: 'https://www.snapchat.com/add/DJKhaled305/AAAAAQzTZ8F3iHf3AAGMtl1L9AAAAAA' },
    { input: 'https://www.snapchat.com/add/john.doe-99/f1xtureSnapV1deoAAAA', platform: 'snapchat', canonical: 'https://www.snapchat.com/add/john.doe-99/f1xtureSnapV1deoAAAA', ids: { user: 'john.doe-99', snap: 'f1xtureSnapV1deoAAAA' } },
    // Share links stay short here (/resolve expands them); the main host's /t/ form is the same link.
    { input: 'https://t.snapchat.com/aBcD1234', platform: 'snapchat', canonical: 'https://t.snapchat.com/aBcD1234', denotes: 'short', ids: { code: 'aBcD1234' } },
    { input: 'http://t.snapchat.com/aBcD1234/?utm_source=copy', platform: 'snapchat', canonical: 'https://t.snapchat.com/aBcD1234', denotes: 'short' },
    { input: 'https://www.snapchat.com/t/aBcD1234', platform: 'snapchat', canonical: 'https://t.snapchat.com/aBcD1234', denotes: 'short' },
    // Not posts: profiles (/add/{user}, /@{user}, /u/{user}), the Spotlight feed, lenses, discover,
    // an older story page, the share host's root.
    { input: 'https://www.snapchat.com/add/djkhaled305', platform: 'snapchat', canonical: 'https://www.snapchat.com/add/djkhaled305', denotes: 'page' },
    { input: 'https://www.snapchat.com/add/djkhaled305?share_id=x&locale=en-US', platform: 'snapchat', canonical: 'https://www.snapchat.com/add/djkhaled305', denotes: 'page' },
    { input: 'https://snapchat.com/@djkhaled305', platform: 'snapchat', canonical: 'https://www.snapchat.com/@djkhaled305', denotes: 'page' },
    { input: 'https://www.snapchat.com/u/djkhaled305', platform: 'snapchat', canonical: 'https://www.snapchat.com/u/djkhaled305', denotes: 'page' },
    { input: 'https://www.snapchat.com/spotlight', platform: 'snapchat', canonical: 'https://www.snapchat.com/spotlight', denotes: 'page' },
    { input: 'https://www.snapchat.com/lens/8a2f0b4c5d6e7f8091a2b3c4d5e6f708', platform: 'snapchat', canonical: 'https://www.snapchat.com/lens/8a2f0b4c5d6e7f8091a2b3c4d5e6f708', denotes: 'page' },
    { input: 'https://story.snapchat.com/s/djkhaled305', platform: 'snapchat', canonical: 'https://story.snapchat.com/s/djkhaled305', denotes: 'page' },
    { input: 'https://t.snapchat.com/', platform: 'snapchat', canonical: 'https://t.snapchat.com/', denotes: 'page' },
    { input: 'https://www.snapchat.com/', platform: 'snapchat', canonical: 'https://www.snapchat.com/', denotes: 'page' },
  ]);

  samePost([
    'https://www.snapchat.com/add/HarbourCam/f1xtureSnapV1deoAAAA',
    'https://story.snapchat.com/u/harbourcam/f1xtureSnapV1deoAAAA?share_id=x',
    'https://snapchat.com/add/harbourcam/f1xtureSnapV1deoAAAA/',
  ]);
});

describe('snapchat matching traps', () => {
  canonicalTable([
    { input: `https://snapchat.com.evil.test/spotlight/${SPOT}`, platform: 'none', canonical: `https://snapchat.com.evil.test/spotlight/${SPOT}` },
    { input: `https://notsnapchat.com/spotlight/${SPOT}`, platform: 'none', canonical: `https://notsnapchat.com/spotlight/${SPOT}` },
    { input: 'https://t.snapchat.com.evil.test/aBcD1234', platform: 'none', canonical: 'https://t.snapchat.com.evil.test/aBcD1234' },
    { input: `https://www.snapchat.com@evil.test/spotlight/${SPOT}`, platform: 'none', canonical: `https://evil.test/spotlight/${SPOT}` },
    { input: `https://snapchat.co/spotlight/${SPOT}`, platform: 'none', canonical: `https://snapchat.co/spotlight/${SPOT}` },
    { input: `https://evil.test/?u=https://www.snapchat.com/spotlight/${SPOT}`, platform: 'none', canonical: `https://evil.test/?u=https://www.snapchat.com/spotlight/${SPOT}` },
  ]);
});
