import type { Post } from '../../core/post.ts'

/**
 * Deterministic, realistic blog posts for the benchmark: 3–6 KB of HTML in the editor's
 * canonical form (one block per line, list items as `<li><p>`), distinct slugs, ids and
 * titles, dates spread over several years, about 90% published. Seeded, so two runs
 * benchmark the same bytes.
 *
 * `rich`: the HTML of blogs that Hugo and Astro render, in its canonical form too: headings with
 * ids, figures of site-relative images with their width and height, tables with a header row,
 * and code blocks with a language on every one.
 *
 * `handWritten`: the rich posts as a hand-written or exported blog holds them, which the
 * sanitizer would change: every image `loading="lazy" decoding="async"`, as static site
 * generators and WordPress write them (rich implied).
 */
export function generatePosts(options: { count: number; images: readonly string[]; seed?: number; rich?: boolean; handWritten?: boolean }): Post[] {
  const rich = options.rich || options.handWritten
  const random = mulberry32(options.seed ?? 0x5eed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))

  const sentence = (): string => {
    const words = Array.from({ length: between(9, 22) }, () => pick(WORDS))
    // A third of the sentences carry one inline mark, a few a link, like the real posts.
    const roll = random()
    if (roll < 0.15) {
      const at = between(0, words.length - 3)
      words.splice(at, 2, `<strong>${words[at]} ${words[at + 1]}</strong>`)
    } else if (roll < 0.28) {
      const at = between(0, words.length - 2)
      words[at] = `<em>${words[at]}</em>`
    } else if (roll < 0.36) {
      const at = between(0, words.length - 3)
      words.splice(at, 2, `<a href="https://watchio.app/${pick(LINK_PATHS)}">${words[at]} ${words[at + 1]}</a>`)
    }
    const text = words.join(' ')
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}${pick(['.', '.', '.', '!', '?'])}`
  }
  const paragraph = (sentences: number) => `<p>${Array.from({ length: sentences }, sentence).join(' ')}</p>`

  const body = (): string => {
    const target = between(2800, 5200)
    const lines: string[] = []
    let size = 0
    const add = (block: string) => {
      lines.push(block)
      size += block.length + 1
    }
    add(paragraph(between(2, 4)))
    let headings = 0
    while (size < target) {
      const heading = capitalize(Array.from({ length: between(2, 5) }, () => pick(WORDS)).join(' '))
      add(rich ? `<h2 id="${slugify(heading) || 'section'}-${++headings}">${heading}</h2>` : `<h2>${heading}</h2>`)
      for (let i = between(2, 4); i > 0 && size < target; i--) add(paragraph(between(2, 5)))
      if (random() < 0.6) {
        const items = Array.from({ length: between(3, 5) }, () => `<li><p>${sentence()}</p></li>`)
        add(`<ul>\n${items.join('\n')}\n</ul>`)
      }
      const extra = random()
      if (extra < 0.2) add(`<blockquote>\n${paragraph(between(1, 2))}\n</blockquote>`)
      else if (extra < 0.3) add(`<pre><code class="language-${pick(['json', 'text', 'bash'])}">${pick(CODE_SAMPLES)}</code></pre>`)
      if (rich) addRich(add)
    }
    return lines.join('\n')
  }

  /** One of a figure, a table or a code block with its language, about every other section. */
  const addRich = (add: (block: string) => void) => {
    const roll = random()
    if (roll < 0.2) {
      const image = `/images/blog/${pick(options.images).replace(/\.svg$/, '.png')}`
      add(`<figure><img src="${image}" alt="${capitalize(pick(WORDS))} ${pick(WORDS)}" width="${between(4, 12) * 100}" height="${between(3, 8) * 100}"${options.handWritten ? ' loading="lazy" decoding="async"' : ''}><figcaption>${sentence()}</figcaption></figure>`)
    } else if (roll < 0.35) {
      const row = (cell: string) => `<tr><th scope="row">${capitalize(pick(WORDS))}</th>${cell}${cell}</tr>`
      const head = `<thead><tr><th scope="col">${capitalize(pick(WORDS))}</th><th scope="col">${capitalize(pick(WORDS))}</th><th scope="col">${capitalize(pick(WORDS))}</th></tr></thead>`
      const rows = Array.from({ length: between(2, 5) }, () => row(`<td>${pick(WORDS)} ${pick(WORDS)}</td>`))
      add(`<table>${head}<tbody>${rows.join('')}<tr><td colspan="3">${pick(WORDS)}</td></tr></tbody></table>`)
    } else if (roll < 0.45) {
      add(`<pre><code class="language-${pick(['js', 'ts', 'python', 'yaml', 'c++'])}">${pick(CODE_SAMPLES)}</code></pre>`)
    }
  }

  const start = Date.UTC(2019, 0, 1)
  const days = Math.floor((Date.UTC(2026, 9, 31) - start) / 86_400_000)
  const posts: Post[] = []
  for (let i = 0; i < options.count; i++) {
    const topic = pick(TOPICS)
    const device = pick(DEVICES)
    const title = `${topic} on ${device}, part ${i + 1}`
    posts.push({
      id: postId(i),
      title,
      slug: `${slugify(topic)}-on-${slugify(device)}-${i + 1}`,
      summary: `${sentence()} ${sentence()}`.slice(0, 480),
      publishDate: new Date(start + between(0, days) * 86_400_000).toISOString().slice(0, 10),
      isPublished: random() < 0.9,
      featuredImageUrl: random() < 0.5 ? '' : `/images/blog/${pick(options.images)}`,
      content: body(),
    })
  }
  return posts
}

/** 8 lowercase letters or digits, distinct for every index (an odd multiplier not divisible by 3 permutes 36^8). */
function postId(index: number): string {
  return ((index * 2654435761 + 12345) % 36 ** 8).toString(36).padStart(8, '0')
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

function capitalize(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`
}

/** Small, fast, seedable PRNG (good enough for test data). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const TOPICS = [
  'Adding an M3U playlist',
  'Connecting an Xtream Codes account',
  'Smarter discovery by genre',
  'Profiles and family sharing',
  'Subtitles that just work',
  'Merging several accounts',
  'Tips for smooth playback',
  'Your credentials stay on your device',
  'FTP, WebDAV and cloud accounts',
  'Free and Premium plans explained',
  'What is next for Watchio',
  'Favorites, watch states and Play Next',
  'Recording-free catch-up TV',
  'A calmer home screen',
]

const DEVICES = ['Apple TV', 'iPhone', 'iPad', 'Mac', 'Apple TV 4K', 'Android TV', 'every screen']

const LINK_PATHS = ['pricing', 'help', 'discord', 'blog', 'legal', 'partnerships']

const WORDS = [
  'watchio', 'player', 'stream', 'playlist', 'channel', 'library', 'account', 'provider', 'subtitle',
  'profile', 'remote', 'screen', 'film', 'series', 'episode', 'season', 'genre', 'favorites', 'premium',
  'update', 'release', 'server', 'folder', 'cloud', 'buffer', 'network', 'quality', 'audio', 'track',
  'guide', 'search', 'section', 'family', 'device', 'setting', 'format', 'speed', 'the', 'a', 'your',
  'our', 'with', 'without', 'from', 'into', 'over', 'every', 'new', 'faster', 'quieter', 'simple',
  'smooth', 'reliable', 'private', 'local', 'shared', 'merged', 'sorted', 'starts', 'plays', 'finds',
  'keeps', 'shows', 'opens', 'adds', 'saves', 'loads', 'tonight', 'today', 'again', 'soon', 'already',
  'always', 'quickly', 'gently', 'directly', 'it’s', 'you’ll', 'don’t', 'we’re', 'couch', 'evening',
  'weekend', 'match', 'news', 'documentary', 'trailer', 'poster', 'artwork', 'category', 'tab', 'row',
]

const CODE_SAMPLES = [
  '#EXTM3U\n#EXTINF:-1 tvg-id="news.example" group-title="News",News Channel\nhttp://example.com/live/news.m3u8',
  '{\n  "server": "http://provider.example:8080",\n  "username": "demo",\n  "password": "••••••"\n}',
  'curl -I http://provider.example/playlist.m3u8 &amp;&amp; echo "reachable"',
  'webdav://nas.local/Movies\nftp://192.168.1.20/Series',
]
