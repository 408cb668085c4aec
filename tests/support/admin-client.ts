import { git } from './git.ts'
import { TEST_ADMIN, TEST_SITE_URL } from './temp-site.ts'

/**
 * A signed-in (or not) API client with its own cookie jar, like one browser. Sends no
 * Origin or Sec-Fetch-Site unless asked, like curl; `asBrowser()` adds what Chromium sends
 * for a same-origin fetch.
 */
export class ApiClient {
  private cookies = new Map<string, string>()
  private extraHeaders: Record<string, string> = {}

  constructor(readonly baseUrl: string) {}

  /** `siteOrigin`: the server's SITE_URL (what a browser on the site sends), the test sites' by default. */
  asBrowser(siteOrigin = TEST_SITE_URL): this {
    this.extraHeaders = { Origin: siteOrigin, 'Sec-Fetch-Site': 'same-origin' }
    return this
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  /** Replaces the jar (to replay a captured cookie). */
  setCookieHeader(header: string): void {
    this.cookies = new Map(
      header
        .split('; ')
        .filter(Boolean)
        .map((pair) => pair.split('=', 2) as [string, string]),
    )
  }

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...this.extraHeaders, ...options.headers }
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader
    let body = options.body
    if (options.json !== undefined) {
      body = JSON.stringify(options.json)
      headers['Content-Type'] ??= 'application/json'
    }
    // `duplex`: a stream body (a chunked upload) needs it in Node's fetch.
    const init = { method, headers, body, redirect: 'manual', duplex: 'half' } as RequestInit
    const response = await fetch(new URL(path, this.baseUrl), init)
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, value] = pair!.split('=', 2) as [string, string]
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  login(username = TEST_ADMIN.username, password = TEST_ADMIN.password): Promise<Response> {
    return this.request('POST', '/api/auth/login', { json: { username, password } })
  }

  /** Signs in and fails loudly if that does not work. */
  async signIn(): Promise<this> {
    const response = await this.login()
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
    return this
  }

  /**
   * The whole post (content included) with this slug, as the admin editor reads it: its card
   * from the list, then `GET /api/admin/blog/posts/{id}`. Undefined when no post has the slug.
   */
  async postBySlug<T = Record<string, unknown>>(slug: string): Promise<T | undefined> {
    const { body: cards } = await this.json<{ id: string; slug: string }[]>('GET', `/api/admin/blog/posts?q=${encodeURIComponent(slug)}&perPage=100`)
    const card = cards.find((entry) => entry.slug === slug)
    return card && (await this.json<T>('GET', `/api/admin/blog/posts/${card.id}`)).body
  }

  /** `POST /api/admin/media` with `bytes` as the form's `file` (and `alt` when given). */
  async upload<T = Record<string, unknown>>(
    bytes: Uint8Array,
    options: { filename?: string; type?: string; alt?: string } = {},
  ): Promise<{ status: number; body: T; response: Response }> {
    const form = new FormData()
    form.set('file', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'application/octet-stream' }), options.filename ?? 'photo.jpg')
    if (options.alt !== undefined) form.set('alt', options.alt)
    return answerOf<T>(await this.request('POST', '/api/admin/media', { body: form }))
  }

  async json<T = unknown>(method: string, path: string, json?: unknown): Promise<{ status: number; body: T; response: Response }> {
    return answerOf<T>(await this.request(method, path, json === undefined ? {} : { json }))
  }
}

/** The status and the body, parsed when it is JSON (errors answer plain text). */
async function answerOf<T>(response: Response): Promise<{ status: number; body: T; response: Response }> {
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Plain text.
  }
  return { status: response.status, body: body as T, response }
}

export function commitCount(dir: string): number {
  return Number(git(dir, 'rev-list', '--count', 'HEAD'))
}

/** A valid create body; override any field. */
export function newPostBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'A new post',
    slug: 'a-new-post',
    summary: 'What it is about.',
    content: '<p>Hello</p>',
    publishDate: '2025-11-01',
    isPublished: true,
    featuredImageUrl: '',
    ...overrides,
  }
}
