// Pinterest's URL routes: pins on every country domain and subdomain, with a title slug, with the
// pages under a pin, with tracking parameters; pin.it and the shortener's redirect; boards and
// profiles, which are no pins; hosts that only look alike.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const CANONICAL = 'https://www.pinterest.com/pin/106890191127977979/';

describe('pinterest URL routes', () => {
  canonicalTable([
    { input: 'https://www.pinterest.com/pin/106890191127977979/', platform: 'pinterest', canonical: CANONICAL, denotes: 'post', ids: { id: '106890191127977979' } },
    { input: 'https://pinterest.com/pin/106890191127977979', platform: 'pinterest', canonical: CANONICAL },
    { input: 'http://WWW.Pinterest.com/pin/106890191127977979/#comments', platform: 'pinterest', canonical: CANONICAL },
    { input: 'www.pinterest.com/pin/106890191127977979/', platform: 'pinterest', canonical: CANONICAL },
    { input: 'https://www.pinterest.co.uk/pin/106890191127977979/', platform: 'pinterest', canonical: CANONICAL },
    { input: 'https://www.pinterest.de/pin/106890191127977979/', platform: 'pinterest', canonical: CANONICAL },
    { input: 'https://www.pinterest.fr/pin/106890191127977979/?lp=true', platform: 'pinterest', canonical: CANONICAL },
    { input: 'https://www.pinterest.ca/pin/441282463481903715/', platform: 'pinterest', canonical: 'https://www.pinterest.com/pin/441282463481903715/', ids: { id: '441282463481903715' } },
    { input: 'https://www.pinterest.com.au/pin/106890191127977979/', platform: 'pinterest', canonical: CANONICAL },
    { input: 'https://www.pinterest.jp/pin/106890191127977979/', platform: 'pinterest', canonical: CANONICAL },
    { input: 'https://au.pinterest.com/pin/80783387037637534/', platform: 'pinterest', canonical: 'https://www.pinterest.com/pin/80783387037637534/' },
    { input: 'https://co.pinterest.com/pin/824721750502199491/', platform: 'pinterest', canonical: 'https://www.pinterest.com/pin/824721750502199491/' },
    { input: 'https://m.pinterest.com/pin/106890191127977979/', platform: 'pinterest', canonical: CANONICAL },
    // A title slug before `--` (what og:url gives), and the pages under a pin (pin.it lands on /sent/).
    { input: 'https://www.pinterest.co.uk/pin/astateofbliss--605804587389853572/', platform: 'pinterest', canonical: 'https://www.pinterest.com/pin/605804587389853572/', ids: { id: '605804587389853572' } },
    { input: 'https://www.pinterest.com/pin/106890191127977979/sent/?invite_code=0a1b2c&sender=106890328564304182&sfo=1', platform: 'pinterest', canonical: CANONICAL },
    { input: 'https://www.pinterest.com/pin/106890191127977979/?utm_source=share&utm_campaign=pin&mt=login', platform: 'pinterest', canonical: CANONICAL },
    { input: 'https://pin.it/4xQm9TzLp', platform: 'pinterest', canonical: 'https://pin.it/4xQm9TzLp', denotes: 'short', ids: { code: '4xQm9TzLp' } },
    { input: 'http://www.pin.it/4xQm9TzLp/?utm_source=whatsapp', platform: 'pinterest', canonical: 'https://pin.it/4xQm9TzLp', denotes: 'short' },
    { input: 'https://api.pinterest.com/url_shortener/4xQm9TzLp/redirect/', platform: 'pinterest', canonical: 'https://pin.it/4xQm9TzLp', denotes: 'short' },
    // Not pins: a board, a profile, ideas, the home page, an old non-numeric pin id.
    { input: 'https://www.pinterest.com/thesearchguru/icons/', platform: 'pinterest', canonical: 'https://www.pinterest.com/thesearchguru/icons', denotes: 'page' },
    { input: 'https://www.pinterest.co.uk/thesearchguru/?invite_code=x', platform: 'pinterest', canonical: 'https://www.pinterest.com/thesearchguru', denotes: 'page' },
    { input: 'https://www.pinterest.com/ideas/jack-nicholson/902714740544/', platform: 'pinterest', canonical: 'https://www.pinterest.com/ideas/jack-nicholson/902714740544', denotes: 'page' },
    { input: 'https://www.pinterest.com/', platform: 'pinterest', canonical: 'https://www.pinterest.com/', denotes: 'page' },
    { input: 'https://www.pinterest.com/pin/AVrCsLXrlVATjdkqI-KuNc6SnXr3aVTnuxoVrXzJHtphdBTjtymDkS4/', platform: 'pinterest', canonical: 'https://www.pinterest.com/pin/AVrCsLXrlVATjdkqI-KuNc6SnXr3aVTnuxoVrXzJHtphdBTjtymDkS4', denotes: 'page' },
    { input: 'https://pin.it/', platform: 'pinterest', canonical: 'https://pin.it/', denotes: 'page' },
  ]);

  samePost([
    'https://pinterest.com/pin/106890191127977979',
    'https://uk.pinterest.com/pin/106890191127977979/',
    'https://www.pinterest.co.uk/pin/jack-nicholson-portrait--106890191127977979/',
    'https://www.pinterest.de/pin/106890191127977979/sent/?invite_code=abc',
  ]);
});

describe('pinterest matching traps', () => {
  canonicalTable([
    { input: 'https://pinterest.com.evil.test/pin/106890191127977979/', platform: 'none', canonical: 'https://pinterest.com.evil.test/pin/106890191127977979/' },
    { input: 'https://www.pinterest.com@evil.test/pin/106890191127977979/', platform: 'none', canonical: 'https://evil.test/pin/106890191127977979/' },
    { input: 'https://notpinterest.com/pin/106890191127977979/', platform: 'none', canonical: 'https://notpinterest.com/pin/106890191127977979/' },
    { input: 'https://pin.it.evil.test/4xQm9TzLp', platform: 'none', canonical: 'https://pin.it.evil.test/4xQm9TzLp' },
    { input: 'https://www.pinterest.evil/pin/106890191127977979/', platform: 'none', canonical: 'https://www.pinterest.evil/pin/106890191127977979/' },
    { input: 'https://i.pinimg.com/originals/b5/34/13/b53413787f3a42c8b9d5b08a6fbb2124.jpg', platform: 'none', canonical: 'https://i.pinimg.com/originals/b5/34/13/b53413787f3a42c8b9d5b08a6fbb2124.jpg' },
  ]);
});
