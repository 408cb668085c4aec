/**
 * bench:admin's measurements in Chromium (Debian's, DESIGN.md flags), on loopback, a fresh
 * browser context (cold cache, no cookie) per run: sign-in to the list's first Edit button,
 * the bytes that took, the JavaScript heap with the list shown, and Edit to an editor that
 * holds the post's content.
 *
 * Bytes are CDP `Network.loadingFinished.encodedDataLength`: what came over the wire for a
 * request (response headers plus the body as sent, so compressed when it was compressed).
 */
import { chromium, type CDPSession } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts'

export interface BrowserRun {
  /** Click on "Login" → the first button named "Edit…" visible. */
  signInMs: number
  /** Requests started between the click and the list shown, under /api/ and all of them. */
  apiBytes: number
  pageBytes: number
  /** `GET /api/… 1.2 MiB` for each of those API requests. */
  apiRequests: string[]
  /** The login page itself (before the click). */
  loginPageBytes: number
  /** V8's used heap after a forced garbage collection, with the list shown. */
  heapUsedBytes: number
  /** Title of the post behind the first Edit button. */
  editedTitle: string
  /** Click on that Edit → the editor holds the start of its first paragraph and "Update Post" is enabled. */
  editMs: number
  /** Bytes of requests started between the Edit click and the editor ready. */
  editBytes: number
}

interface Tracked {
  seq: number
  method: string
  url: string
  /** encodedDataLength at loadingFinished: the request's whole cost on the wire. */
  bytes: number | null
  /** Until then, what the response events said so far (headers, then each chunk). */
  received: number
  responded: boolean
  failed: boolean
  /** CDP's monotonic clock, seconds: when it was sent and when it finished (a waterfall). */
  sentAt: number
  finishedAt: number | null
}

/** Every request of one page, numbered in the order they start, with its bytes once finished. */
class NetworkMeter {
  #bySeq: Tracked[] = []
  #byId = new Map<string, Tracked>()

  constructor(deps: { session: CDPSession }) {
    const { session } = deps
    session.on('Network.requestWillBeSent', (event) => {
      // A redirect keeps the request id: the same request, counted once at its end.
      if (this.#byId.has(event.requestId)) return
      const tracked: Tracked = { seq: this.#bySeq.length, method: event.request.method, url: event.request.url, bytes: null, received: 0, responded: false, failed: false, sentAt: event.timestamp, finishedAt: null }
      this.#bySeq.push(tracked)
      this.#byId.set(event.requestId, tracked)
    })
    session.on('Network.responseReceived', (event) => {
      const tracked = this.#byId.get(event.requestId)
      if (!tracked) return
      tracked.responded = true
      tracked.received += event.response.encodedDataLength
    })
    session.on('Network.dataReceived', (event) => {
      const tracked = this.#byId.get(event.requestId)
      if (tracked) tracked.received += event.encodedDataLength
    })
    session.on('Network.loadingFinished', (event) => {
      const tracked = this.#byId.get(event.requestId)
      if (!tracked) return
      tracked.bytes = event.encodedDataLength
      tracked.finishedAt = event.timestamp
    })
    session.on('Network.loadingFailed', (event) => {
      const tracked = this.#byId.get(event.requestId)
      if (tracked) tracked.failed = true
    })
  }

  /** A point in the sequence of requests: the ones started so far are before it. */
  mark(): number {
    return this.#bySeq.length
  }

  /**
   * The requests started between two marks, once each has finished or failed, at most
   * `timeoutMs`, and at most a second for one already answered: the sign-in's POST, answered
   * as the page navigates away, never gets its loadingFinished (its bytes are then the ones
   * its response events counted).
   */
  async between(from: number, to: number, timeoutMs = 30_000): Promise<Tracked[]> {
    const requests = this.#bySeq.slice(from, to)
    const started = performance.now()
    const pending = () => {
      const elapsed = performance.now() - started
      return requests.filter((r) => r.bytes === null && !r.failed && !(r.responded && elapsed > 1000))
    }
    while (pending().length > 0 && performance.now() - started < timeoutMs) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return requests
  }
}

const bytesOf = (r: Tracked) => r.bytes ?? r.received
const sum = (requests: Tracked[]) => requests.reduce((total, r) => total + bytesOf(r), 0)
const isApi = (r: Tracked) => new URL(r.url).pathname.startsWith('/api/')
const MB = 1_000_000
const mb = (bytes: number) => (bytes >= 100_000 ? `${(bytes / MB).toFixed(2)} MB` : `${(bytes / 1000).toFixed(1)} kB`)

export async function measureAdminInBrowser(options: {
  url: string
  username: string
  password: string
  runs: number
  /** The text the editor must show for the post with this title (the start of its first paragraph). */
  expectedTextOf: (title: string) => string
  log: (message: string) => void
}): Promise<BrowserRun[]> {
  const { url, runs, log } = options
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const results: BrowserRun[] = []
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      try {
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        const meter = new NetworkMeter({ session: cdp })
        await cdp.send('Network.enable')

        await page.goto(`${url}/admin/login`)
        await page.getByLabel('Username').fill(options.username)
        await page.getByLabel('Password').fill(options.password)
        const clicked = meter.mark()
        const firstEdit = page.getByRole('button', { name: /^Edit/ }).first()
        // In the page's own clock: the click event, and the first frame with an Edit button (what
        // Playwright's click and visibility polling add on top is not the admin's wait).
        // A string: tsx would put its __name helper into a function's source, unknown in the page.
        await page.evaluate(`(() => {
          const marks = (window.__signIn = {})
          document.addEventListener('click', () => (marks.clickAt ??= performance.now()), { capture: true })
          const look = () => {
            if (document.querySelector('button[aria-label^="Edit"]')) marks.shownAt = performance.now()
            else requestAnimationFrame(look)
          }
          requestAnimationFrame(look)
        })()`)
        const signInStarted = performance.now()
        await page.getByRole('button', { name: 'Login' }).click()
        await firstEdit.waitFor({ state: 'visible', timeout: 180_000 })
        const signInWallMs = performance.now() - signInStarted
        const marks = await page.evaluate(() => (window as unknown as { __signIn: { clickAt?: number; shownAt?: number } }).__signIn)
        const signInMs = marks.clickAt !== undefined && marks.shownAt !== undefined ? marks.shownAt - marks.clickAt : signInWallMs
        const shown = meter.mark()

        const loginPage = await meter.between(0, clicked)
        const untilShown = await meter.between(clicked, shown)
        const api = untilShown.filter(isApi)

        await cdp.send('HeapProfiler.collectGarbage')
        const heap = await cdp.send('Runtime.getHeapUsage')

        const label = (await firstEdit.getAttribute('aria-label')) ?? (await firstEdit.innerText())
        const editedTitle = /^Edit "(.*)"$/.exec(label)?.[1] ?? label
        const expected = options.expectedTextOf(editedTitle)
        const editClicked = meter.mark()
        const editStarted = performance.now()
        await firstEdit.click()
        await page.waitForFunction(
          (text) => {
            const editor = document.querySelector('.ProseMirror[contenteditable="true"]')
            if (!editor?.textContent?.includes(text)) return false
            const update = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Update Post')
            return update !== undefined && !update.disabled
          },
          expected,
          { polling: 'raf', timeout: 60_000 },
        )
        const editMs = performance.now() - editStarted
        const editBytes = sum(await meter.between(editClicked, meter.mark()))

        const result: BrowserRun = {
          signInMs,
          apiBytes: sum(api),
          pageBytes: sum(untilShown),
          apiRequests: api.map((r) => `${r.method} ${new URL(r.url).pathname}${new URL(r.url).search} ${mb(bytesOf(r))}${r.failed ? ' (failed)' : ''}`),
          loginPageBytes: sum(loginPage),
          heapUsedBytes: heap.usedSize,
          editedTitle,
          editMs,
          editBytes,
        }
        results.push(result)
        // Where the sign-in's time goes: each request from the click on, sent → finished, in ms.
        const origin = untilShown[0]?.sentAt ?? 0
        const at = (seconds: number) => Math.round((seconds - origin) * 1000)
        const waterfall = untilShown.map((r) => `${r.method} ${new URL(r.url).pathname} ${at(r.sentAt)}→${r.finishedAt === null ? '?' : at(r.finishedAt)}`)
        log(`run ${run + 1}: sign-in requests (ms after the first): ${waterfall.join(', ')}`)
        log(
          `run ${run + 1}: sign-in ${signInMs.toFixed(0)} ms in the page (${signInWallMs.toFixed(0)} ms as Playwright waits) (API ${mb(result.apiBytes)}: ${result.apiRequests.join(', ') || 'none'}); ` +
            `heap ${mb(result.heapUsedBytes)}; Edit "${editedTitle}" → ready ${editMs.toFixed(0)} ms`,
        )
      } finally {
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  return results
}

/**
 * The start of the first paragraph of a post's HTML as text (what the editor shows): tags
 * dropped, the few entities the serializer writes decoded.
 */
export function firstParagraphText(html: string, length = 60): string {
  const paragraph = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? ''
  const text = paragraph
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
  return text.slice(0, length)
}
