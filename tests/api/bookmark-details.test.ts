/**
 * A bookmark card saved without a title gets the linked page's title, description and image,
 * fetched by the real server from a real page server of the test's own on 127.0.0.1, which
 * LINK_DETAILS_ALLOW_HOSTS opens to it (and only it: another port of 127.0.0.1 stays refused).
 * A card the writer filled is saved as written, and so is one whose page hangs, is endless, or
 * redirects to a private address: the save never fails for it. Without the setting, a
 * 127.0.0.1 page is never even asked.
 */
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminPost } from '../../core/contract/index.ts'
import { FETCH_TIMEOUT_MS } from '../../server/link-details/link-details.ts'
import { newPostBody } from '../support/admin-client.ts'
import { type SignedInServer, signedInServer } from '../support/signed-in-server.ts'
import { waitFor } from '../support/wait-for.ts'

/** A page server: what each path answers, and every path asked, in order. */
interface PageServer {
  origin: string
  asked: string[]
  /** Paths whose connection the client closed. */
  closed: Set<string>
  close(): Promise<void>
}

async function pageServer(answer: (path: string, response: http.ServerResponse, server: PageServer) => void): Promise<PageServer> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const pages: PageServer = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked: [],
    closed: new Set(),
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = request.url ?? '/'
    pages.asked.push(url)
    request.socket.once('close', () => pages.closed.add(url))
    answer(url, response, pages)
  })
  return pages
}

const ARTICLE = '<!doctype html><html><head><title>Plain title</title><meta property="og:title" content="Fetched &amp; titled">' +
  '<meta property="og:description" content="What the page says of itself."><meta property="og:image" content="/card.png"></head><body><p>Text</p></body></html>'

let pages: PageServer
/** Another server on 127.0.0.1, which no setting opens: it must never be asked. */
let secret: PageServer
let running: SignedInServer
/** Ends the pages' fetches running now, as their deadline would: the test of a page that never answers says when. */
let giveUp = new AbortController()

beforeAll(async () => {
  secret = await pageServer((_path, response) => response.end('secret'))
  pages = await pageServer((url, response, self) => {
    const html = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(body)
    }
    if (url.startsWith('/article') || url === '/hand' || url === '/preview') return html(ARTICLE.replace('Fetched &amp; titled', `Fetched &amp; titled${url.startsWith('/article') ? '' : ` (${url})`}`))
    // Never answers: the server must give up and close the connection.
    if (url === '/hang') return
    // Never ends: spaces for ever, after its title or before it (never reached).
    if (url === '/endless' || url === '/endless-titled') {
      response.writeHead(200, { 'content-type': 'text/html' })
      if (url === '/endless-titled') response.write('<title>Endless</title>')
      const chunk = Buffer.alloc(64 * 1024, ' ')
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', pump)
      }
      return pump()
    }
    const redirects: Record<string, string> = {
      '/to-secret': `${secret.origin}/from-redirect`,
      '/to-localhost': `${self.origin.replace('127.0.0.1', 'localhost')}/article-via-localhost`,
      '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
      '/to-private': 'http://10.0.0.1/admin',
    }
    if (redirects[url]) {
      response.writeHead(302, { location: redirects[url] })
      return response.end()
    }
    response.writeHead(404).end()
  })
  running = await signedInServer({
    env: { LINK_DETAILS_ALLOW_HOSTS: `127.0.0.1:${new URL(pages.origin).port}` },
    // The server's own deadline stays, should a page hang where no test expects it.
    linkDeadline: () => AbortSignal.any([AbortSignal.timeout(FETCH_TIMEOUT_MS), giveUp.signal]),
  })
})

afterAll(async () => {
  await running?.close()
  await pages?.close()
  await secret?.close()
})

const card = (href: string, inside = '<strong></strong>') => `<figure class="bookmark"><a href="${href}">${inside}</a></figure>`
const fetched = (href: string, title = 'Fetched &amp; titled') =>
  card(href, `<img src="${pages.origin}/card.png" alt=""><strong>${title}</strong><span>What the page says of itself.</span>`)

async function create(slug: string, content: string): Promise<AdminPost> {
  const { status, body } = await running.api.json<AdminPost>('POST', '/api/admin/blog/posts', newPostBody({ slug, title: slug, content }))
  expect(status, JSON.stringify(body)).toBe(201)
  return body
}

const savedFile = (slug: string) => readFile(path.join(running.site.blogDir, `${slug}.html`), 'utf8')

describe('a bookmark card saved without a title', () => {
  it("gets the page's title, description and image, in the saved file and the answer", async () => {
    const href = `${pages.origin}/article`
    const post = await create('fetched', `<p>Read this:</p>${card(href)}`)
    expect(await savedFile('fetched')).toContain(`<p>Read this:</p>\n${fetched(href)}\n`)
    expect(post.content).toBe(`<p>Read this:</p>\n${fetched(href)}`)
    expect(pages.asked.filter((url) => url === '/article')).toHaveLength(1)
  })

  it('is filled from the cache when the page was read before: nothing is fetched again', async () => {
    const href = `${pages.origin}/article`
    await create('fetched-again', card(href))
    expect(await savedFile('fetched-again')).toContain(fetched(href))
    expect(pages.asked.filter((url) => url === '/article')).toHaveLength(1)
  })

  it('is filled by an update too, and keeps what the writer wrote beside the title', async () => {
    const post = await create('updated', '<p>First version</p>')
    const href = `${pages.origin}/article-2`
    const content = card(href, '<strong></strong><span>My own words.</span>')
    const { status } = await running.api.json('PUT', `/api/admin/blog/posts/${post.id}`, newPostBody({ slug: 'updated', title: 'updated', content, version: post.version }))
    expect(status).toBe(200)
    expect(await savedFile('updated')).toContain(card(href, `<img src="${pages.origin}/card.png" alt=""><strong>Fetched &amp; titled</strong><span>My own words.</span>`))
  })

  it('shows filled in a preview', async () => {
    const response = await running.api.request('POST', '/api/admin/blog/preview', { json: newPostBody({ slug: 'previewed', content: card(`${pages.origin}/preview`) }) })
    expect(response.status).toBe(200)
    expect(await response.text()).toMatch(/Fetched (&amp;|&#x26;) titled \(\/preview\)/)
  })
})

describe('a bookmark card saved as written', () => {
  it('when the writer gave it a title: the page is not even asked', async () => {
    const written = card(`${pages.origin}/hand`, '<strong>My title</strong><span>My description</span>')
    await create('hand-written', written)
    expect(await savedFile('hand-written')).toContain(written)
    expect(pages.asked).not.toContain('/hand')
  })

  it('when the page never answers: the server gives up at its deadline and closes the connection', async () => {
    const written = card(`${pages.origin}/hang`)
    const saving = create('hanging', written)
    await waitFor(() => pages.asked.includes('/hang'))
    // The deadline comes now, not 4 seconds on: the save goes on without the page.
    giveUp.abort()
    await saving
    giveUp = new AbortController()
    expect(await savedFile('hanging')).toContain(written)
    await waitFor(() => pages.closed.has('/hang'))
  })

  it('when the page never ends: the server reads its first half megabyte, then closes the connection', async () => {
    const written = card(`${pages.origin}/endless`)
    await create('endless', `${written}\n${card(`${pages.origin}/endless-titled`)}`)
    // The title at its start is read: reading stopped at the cap, not at the deadline.
    expect(await savedFile('endless')).toContain(`${written}\n${card(`${pages.origin}/endless-titled`, '<strong>Endless</strong>')}`)
    await waitFor(() => pages.closed.has('/endless') && pages.closed.has('/endless-titled'))
  })

  it('when the page redirects to another port of 127.0.0.1, to localhost, or to a private address: none is asked', async () => {
    const hrefs = ['/to-secret', '/to-localhost', '/to-metadata', '/to-private'].map((to) => `${pages.origin}${to}`)
    const written = hrefs.map((href) => card(href)).join('\n')
    await create('redirected', written)
    expect(await savedFile('redirected')).toContain(written)
    // Each redirect was asked for, and where it led was refused before any connection.
    expect(pages.asked).toEqual(expect.arrayContaining(['/to-secret', '/to-localhost', '/to-metadata', '/to-private']))
    expect(pages.asked).not.toContain('/article-via-localhost')
    expect(secret.asked).toEqual([])
  })
})

describe('without LINK_DETAILS_ALLOW_HOSTS', () => {
  it('a page on 127.0.0.1 is never asked, and the card is saved as written', async () => {
    await running.restart()
    const written = `${card(`${pages.origin}/never`)}\n${card(`${secret.origin}/never`)}\n${card(`http://localhost:${new URL(pages.origin).port}/never`)}`
    await create('not-allowed', written)
    expect(await savedFile('not-allowed')).toContain(written)
    expect(pages.asked.filter((url) => url.startsWith('/never'))).toEqual([])
    expect(secret.asked).toEqual([])
  })
})
