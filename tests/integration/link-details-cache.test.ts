/**
 * What LinkDetails keeps of the pages it read (server/link-details/link-details.ts), against a
 * real page server of the test's own on 127.0.0.1 (allowed as LINK_DETAILS_ALLOW_HOSTS allows it):
 * a page read is kept a day, one that could not be read ten minutes (the clock is the test's);
 * one page is one answer whatever its fragment; two asking at once share one fetch; a page that
 * never answers is given up at its deadline (the test's signal), one that redirects for ever after
 * 3 redirects, each said in the log.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LinkDetails } from '../../server/link-details/link-details.ts'
import { recordingLogger } from '../support/recording-logger.ts'
import { waitFor } from '../support/wait-for.ts'

const MINUTE = 60 * 1000

let server: http.Server
let origin: string
/** Every path asked, in order. */
const asked: string[] = []
/** The paths answered 404 until they are put here. */
const found = new Set<string>()
/** Paths whose connection the client closed. */
const closed = new Set<string>()

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = request.url ?? '/'
    asked.push(url)
    request.socket.once('close', () => closed.add(url))
    if (url === '/hang') return
    if (url === '/loop') return void response.writeHead(302, { location: '/loop' }).end()
    if (!url.startsWith('/page') && !found.has(url)) return void response.writeHead(404).end()
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<title>Title of ${url}</title>`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** A LinkDetails allowed to reach the test's server, on a clock the test moves. */
function linkDetails(deadline?: () => AbortSignal) {
  let now = Date.parse('2025-01-01T00:00:00Z')
  const logger = recordingLogger()
  const links = new LinkDetails({ allowHosts: [new URL(origin).host], clock: () => new Date(now), logger, deadline })
  return { links, logger, later: (ms: number) => (now += ms) }
}

const askedFor = (path: string) => asked.filter((url) => url === path).length

describe('LinkDetails', () => {
  it('reads a page once a day, whatever its fragment', async () => {
    const { links, later } = linkDetails()
    expect(await links.details(`${origin}/page-kept`)).toEqual({ title: 'Title of /page-kept' })
    expect(await links.details(`${origin}/page-kept#part-2`)).toEqual({ title: 'Title of /page-kept' })
    later(24 * 60 * MINUTE - 1)
    expect(await links.details(`${origin}/page-kept`)).toEqual({ title: 'Title of /page-kept' })
    expect(askedFor('/page-kept')).toBe(1)
    later(1)
    expect(await links.details(`${origin}/page-kept`)).toEqual({ title: 'Title of /page-kept' })
    expect(askedFor('/page-kept')).toBe(2)
  })

  it('asks a page that could not be read again only after ten minutes', async () => {
    const { links, logger, later } = linkDetails()
    expect(await links.details(`${origin}/missing`)).toBeUndefined()
    expect(logger.lines).toEqual([`info: Link details of ${origin}/missing not fetched: status 404`])
    found.add('/missing')
    later(10 * MINUTE - 1)
    expect(await links.details(`${origin}/missing`)).toBeUndefined()
    expect(askedFor('/missing')).toBe(1)
    later(1)
    expect(await links.details(`${origin}/missing`)).toEqual({ title: 'Title of /missing' })
    expect(askedFor('/missing')).toBe(2)
  })

  it('shares one fetch between two asking at once', async () => {
    const { links } = linkDetails()
    const both = await Promise.all([links.details(`${origin}/page-shared`), links.details(`${origin}/page-shared#top`)])
    expect(both).toEqual([{ title: 'Title of /page-shared' }, { title: 'Title of /page-shared' }])
    expect(askedFor('/page-shared')).toBe(1)
  })

  it('gives a page that never answers up at its deadline, and closes the connection', async () => {
    const giveUp = new AbortController()
    const { links, logger } = linkDetails(() => giveUp.signal)
    const details = links.details(`${origin}/hang`)
    await waitFor(() => asked.includes('/hang'))
    giveUp.abort()
    expect(await details).toBeUndefined()
    expect(logger.lines).toEqual([`info: Link details of ${origin}/hang not fetched: no answer in time`])
    await waitFor(() => closed.has('/hang'))
  })

  it('follows 3 redirects, not a fourth', async () => {
    const { links, logger } = linkDetails()
    expect(await links.details(`${origin}/loop`)).toBeUndefined()
    expect(askedFor('/loop')).toBe(4)
    expect(logger.lines).toEqual([`info: Link details of ${origin}/loop not fetched: more than 3 redirects`])
  })

  it('answers nothing, and asks nothing, for what is no address', async () => {
    const { links } = linkDetails()
    const before = asked.length
    expect(await links.details('not a url')).toBeUndefined()
    expect(asked.length).toBe(before)
  })
})
