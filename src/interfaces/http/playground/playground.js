// The playground's script: plain browser JavaScript, no framework, no build step. Every text that
// comes from a post is set as text (textContent), never as HTML, and only http(s) URLs become a
// link, a picture or a video source. The key lives in this browser's localStorage only.
'use strict';

const KEY_STORE = 'postlens.apiKey';
const $ = (id) => document.getElementById(id);

const keyInput = $('key');
const urlsInput = $('urls');
const state = $('state');
const results = $('results');

keyInput.value = localStorage.getItem(KEY_STORE) || '';
keyInput.addEventListener('change', () => localStorage.setItem(KEY_STORE, keyInput.value.trim()));

$('ask').addEventListener('submit', (event) => {
  event.preventDefault();
  localStorage.setItem(KEY_STORE, keyInput.value.trim());
  void resolveAll();
});

const preset = new URLSearchParams(location.search).get('url');
if (preset) {
  urlsInput.value = preset;
  void resolveAll();
}

async function resolveAll() {
  const urls = urlsInput.value.split('\n').map((line) => line.trim()).filter(Boolean);
  if (urls.length === 0) return;
  const key = keyInput.value.trim();
  results.replaceChildren();
  if (!key) {
    state.textContent = 'Paste an API key first (the one the service printed at start, or one of API_KEYS).';
    return;
  }
  state.textContent = 'Resolving…';
  const headers = { Authorization: `Bearer ${key}` };
  try {
    let answers;
    if (urls.length === 1) {
      const query = new URLSearchParams({ url: urls[0], media: 'proxied' });
      const response = await fetch(`/api/v1/resolve?${query}`, { headers });
      const body = await response.json();
      answers = response.ok ? [body] : [{ refused: response.status, ...body }];
    } else {
      const response = await fetch('/api/v1/resolve', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ urls, media: 'proxied' }),
      });
      const body = await response.json();
      answers = response.ok ? body.results : [{ refused: response.status, ...body }];
    }
    // A refused batch has one answer for all its URLs; otherwise each answer has its own URL.
    answers.forEach((answer, i) => results.append(resultView(answer, answers.length === urls.length ? [urls[i]] : urls)));
    state.textContent = '';
  } catch (error) {
    state.textContent = `The service did not answer: ${error.message}`;
  }
}

/** A card beside its JSON and the curl command that asks for it (for its URL alone). */
function resultView(answer, asked) {
  const view = el('section', 'result');
  view.dataset.status = answer.refused ? 'refused' : answer.status;
  const side = el('div', 'side');
  side.append(el('pre', 'json', JSON.stringify(answer, null, 2)), curlView(asked));
  view.append(answer.refused ? refusalView(answer) : cardView(answer), side);
  return view;
}

function refusalView(answer) {
  const box = el('article', 'embed');
  box.append(el('div', 'outcome degraded', `Refused: HTTP ${answer.refused} ${answer.code || ''} — ${answer.error || ''}`));
  return box;
}

function cardView(card) {
  const box = el('article', 'embed');
  if (/^#[0-9a-f]{3,8}$/i.test(card.themeColor || '')) box.style.borderLeftColor = card.themeColor;
  if (card.siteName) box.append(siteView(card));
  if (card.author) box.append(authorView(card.author, card.publishedAt));
  else if (card.publishedAt) box.append(timeView(card.publishedAt));
  if (card.title && !card.author) box.append(linkTo(card.canonicalUrl, card.title, 'title'));
  if (card.contentWarning) box.append(el('div', 'warning', `Content warning: ${card.contentWarning}`));
  if (card.description) box.append(el('div', 'text', card.description));
  const media = mediaView(card);
  if (media) box.append(media);
  if (card.audio && safe(card.audio.playableUrl || card.audio.url)) {
    const audio = el('audio', 'audio');
    audio.controls = true;
    audio.preload = 'none';
    audio.src = card.audio.playableUrl || card.audio.url;
    box.append(audio);
  }
  if (card.poll) box.append(pollView(card.poll));
  if (card.quote) box.append(quoteView(card.quote));
  if (card.link) box.append(linkView(card.link));
  if (card.stats) box.append(statsView(card.stats));
  box.append(outcomeView(card));
  return box;
}

function authorView(author, publishedAt) {
  const line = el('div', 'author');
  if (safe(author.avatar)) {
    const avatar = el('img', 'avatar');
    avatar.src = author.avatar;
    avatar.alt = '';
    line.append(avatar);
  }
  line.append(linkTo(author.url, author.name, 'author-name'));
  if (author.verified) line.append(el('span', 'verified', '✔'));
  if (author.handle) line.append(el('span', 'handle', `@${author.handle}`));
  if (publishedAt) line.append(timeView(publishedAt));
  return line;
}

function timeView(iso) {
  const time = el('time', 'time', new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC');
  time.dateTime = iso;
  return time;
}

function mediaView(card) {
  const grid = el('div', 'media');
  const video = card.video;
  if (video) {
    const player = videoView(video, card.image);
    if (player) grid.append(player);
  } else {
    const images = card.images || (card.image ? [card.image] : []);
    for (const image of images) {
      const source = pictureSource(image);
      if (!safe(source)) continue;
      const figure = el('figure', 'photo');
      figure.style.margin = '0';
      const img = el('img');
      img.src = source;
      img.alt = image.alt || '';
      img.loading = 'lazy';
      figure.append(img);
      if (image.alt) figure.append(el('figcaption', 'alt', `ALT: ${image.alt}`));
      grid.append(figure);
    }
  }
  return grid.childElementCount ? grid : undefined;
}

/** A picture's playableUrl (the media proxy), or its raw URL when it needs no proxy. */
function pictureSource(image) {
  return image.playableUrl || (image.needsProxy ? undefined : image.url);
}

/** A <video> on the playableUrl (the media proxy), or on the raw URL when it needs no proxy. */
function videoView(video, poster) {
  const source = video.playableUrl || (video.needsProxy ? undefined : video.url);
  if (!safe(source) || video.mimeType === 'text/html') return undefined;
  const player = el('video');
  player.controls = true;
  player.muted = true;
  player.playsInline = true;
  player.preload = 'metadata';
  if (poster && safe(pictureSource(poster))) player.poster = pictureSource(poster);
  const hls = /mpegurl/i.test(video.mimeType);
  if (hls && !player.canPlayType('application/vnd.apple.mpegurl') && window.Hls && window.Hls.isSupported()) {
    const engine = new window.Hls();
    engine.loadSource(source);
    engine.attachMedia(player);
  } else {
    player.src = source;
  }
  return player;
}

function pollView(poll) {
  const box = el('div', 'poll');
  const list = el('ul');
  const total = poll.totalVotes || poll.options.reduce((sum, o) => sum + (o.votes || 0), 0);
  for (const option of poll.options) {
    const share = total && option.votes !== undefined ? ` — ${Math.round((option.votes / total) * 100)}%` : '';
    list.append(el('li', 'bar', `${option.label}${share}`));
  }
  box.append(list);
  const end = poll.closed ? 'final results' : poll.endsAt ? `ends ${new Date(poll.endsAt).toISOString().slice(0, 10)}` : '';
  box.append(el('div', 'time', [total ? `${total} votes` : '', end].filter(Boolean).join(' · ')));
  return box;
}

function quoteView(quote) {
  const box = el('div', 'quote');
  if (quote.unavailable) {
    box.append(el('span', 'time', 'Quoted post unavailable'));
    return box;
  }
  // A post on another server, named by its URL alone.
  if (!quote.kind) {
    box.append(linkTo(quote.canonicalUrl, quote.canonicalUrl));
    return box;
  }
  if (quote.author) box.append(authorView(quote.author, quote.publishedAt));
  if (quote.description) box.append(el('div', 'text', quote.description));
  const media = mediaView({ image: quote.image, video: quote.video });
  if (media) box.append(media);
  return box;
}

function linkView(link) {
  const box = el('div', 'link');
  box.append(linkTo(link.url, link.title || link.url));
  if (link.description) box.append(el('div', 'text', link.description));
  return box;
}

function statsView(stats) {
  const names = { replies: 'replies', reposts: 'reposts', quotes: 'quotes', likes: 'likes', views: 'views', bookmarks: 'bookmarks', score: 'points' };
  const line = el('div', 'stats');
  for (const [name, label] of Object.entries(names)) {
    if (stats[name] === undefined) continue;
    const stat = el('span', `stat ${name}`);
    stat.append(el('b', undefined, stats[name].toLocaleString()), ` ${label}`);
    line.append(stat);
  }
  return line;
}

function outcomeView(card) {
  const reason = card.reason ? ` — ${card.reason}` : '';
  const text = card.status === 'no-adapter' ? 'no-adapter — no platform adapter knows this URL' : `${card.status}${reason}`;
  return el('div', `outcome ${card.status}`, `${text}${card.kind ? ` · ${card.kind}` : ''}${card.cacheHit ? ' · from cache' : ''}`);
}

/** The curl command for these URLs: the key as $POSTLENS_KEY, never the key itself. */
function curlView(urls) {
  const base = location.origin;
  const command = urls.length === 1
    ? `curl -G '${base}/api/v1/resolve' \\\n  --data-urlencode ${shellQuote(`url=${urls[0]}`)} \\\n  -d media=proxied \\\n  -H "Authorization: Bearer $POSTLENS_KEY"`
    : `curl '${base}/api/v1/resolve' \\\n  -H "Authorization: Bearer $POSTLENS_KEY" \\\n  -H 'Content-Type: application/json' \\\n  --data-binary ${shellQuote(JSON.stringify({ urls, media: 'proxied' }))}`;
  const box = el('div', 'curl');
  const copy = el('button', 'copy', 'Copy');
  copy.type = 'button';
  copy.addEventListener('click', () => void navigator.clipboard?.writeText(command));
  box.append(el('pre', 'curl-command', command), copy);
  return box;
}

function shellQuote(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

// The site's name, after its declared icon when the card has one (web pages).
function siteView(card) {
  const site = el('div', 'site');
  if (card.icon && safe(card.icon.url)) {
    const icon = el('img', 'site-icon');
    icon.src = card.icon.url;
    icon.alt = '';
    icon.loading = 'lazy';
    icon.referrerPolicy = 'no-referrer';
    site.append(icon);
  }
  site.append(card.siteName);
  return site;
}

function safe(url) {
  return typeof url === 'string' && /^https?:\/\//i.test(url);
}

function linkTo(url, text, className) {
  if (!safe(url)) return el('span', className, text);
  const a = el('a', className, text);
  a.href = url;
  a.rel = 'noopener noreferrer';
  a.target = '_blank';
  return a;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
