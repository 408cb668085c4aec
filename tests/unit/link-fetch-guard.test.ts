/**
 * The guard of the link-details fetcher (server/link-details/): which addresses are public
 * (public-address.ts), and which requests fetch-page.ts refuses before it connects anywhere: a
 * host name that resolves to a private address (by any of its addresses), another scheme, another
 * port, credentials. The resolver is the test's own, so nothing here touches the network: a
 * request it let through would fail the test by trying to.
 */
import { describe, expect, it } from 'vitest'
import { fetchPage, type ResolvedAddress } from '../../server/link-details/fetch-page.ts'
import { isPublicAddress } from '../../server/link-details/public-address.ts'

describe('isPublicAddress', () => {
  it('refuses every special-purpose IPv4 range, at its edges', () => {
    const refused = [
      '0.0.0.0', '0.255.255.255', // this network, unspecified
      '10.0.0.0', '10.255.255.255', // private
      '100.64.0.0', '100.127.255.255', // carrier-grade NAT
      '127.0.0.1', '127.255.255.254', // loopback
      '169.254.169.254', '169.254.0.1', // link-local, cloud metadata
      '172.16.0.1', '172.31.255.255', // private
      '192.0.0.8', '192.0.2.1', '192.88.99.1', // protocol assignments, documentation, 6to4 relay
      '192.168.0.1', '192.168.255.255', // private
      '198.18.0.1', '198.19.255.255', '198.51.100.7', '203.0.113.9', // benchmarking, documentation
      '224.0.0.1', '239.255.255.250', // multicast
      '240.0.0.1', '255.255.255.255', // reserved, broadcast
    ]
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false)
  })

  it('lets public IPv4 addresses through, right beside the ranges', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '9.255.255.255', '11.0.0.0', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '192.167.255.255', '192.169.0.0', '223.255.255.255', '93.184.216.34']) {
      expect(isPublicAddress(address), address).toBe(true)
    }
  })

  it('refuses the special IPv6 ranges, and every form that carries an IPv4 address inside', () => {
    const refused = [
      '::', '::1', '0:0:0:0:0:0:0:1', // unspecified, loopback
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:8.8.8.8', '::ffff:10.0.0.1', // IPv4-mapped, even of a public address
      '::127.0.0.1', '::8.8.8.8', // IPv4-compatible
      '64:ff9b::a00:1', '64:ff9b::808:808', '64:ff9b:1::1', // NAT64
      '100::1', // discard
      '2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '2001:db8::1', // documentation
      '2002:7f00:1::1', '2002:808:808::1', // 6to4
      'fc00::1', 'fd12:3456:789a::1', // unique local
      'fe80::1', 'febf::1', 'fe80::1%eth0', // link-local
      'fec0::1', // site-local
      'ff02::1', 'ff05::2', // multicast
    ]
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false)
  })

  it('lets public IPv6 addresses through', () => {
    for (const address of ['2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001:80b::200e', '2001:db9::1']) expect(isPublicAddress(address), address).toBe(true)
  })

  it('refuses what is no IP address', () => {
    for (const address of ['', 'localhost', 'example.com', '127.1', '0x7f.0.0.1', '2130706433', '[::1]', '1.2.3.4.5', '::ffff:999.0.0.1']) expect(isPublicAddress(address), address).toBe(false)
  })
})

describe('fetchPage refuses before connecting', () => {
  /** A resolver that answers `answers[name]`, and records each name it was asked. */
  function resolverOf(answers: Record<string, string[]>) {
    const asked: string[] = []
    const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
      asked.push(hostname)
      return (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
    }
    return { asked, resolve }
  }
  const fetchWith = (url: string, answers: Record<string, string[]> = {}, allowHosts: string[] = []) => {
    const resolver = resolverOf(answers)
    return fetchPage(url, { allowHosts: new Set(allowHosts), signal: new AbortController().signal, resolve: resolver.resolve }).then((outcome) => ({ outcome, asked: resolver.asked }))
  }

  it('a host name that resolves to a private address, by any of its addresses', async () => {
    const answers = {
      'intranet.example': ['10.1.2.3'],
      'metadata.example': ['169.254.169.254'],
      'rebind.example': ['93.184.216.34', '127.0.0.1'],
      'six.example': ['2606:4700::1', 'fd00::1'],
      'mapped.example': ['::ffff:192.168.1.1'],
      'cgnat.example': ['100.100.100.100'],
    }
    for (const host of Object.keys(answers)) {
      const { outcome, asked } = await fetchWith(`https://${host}/page`, answers)
      expect(asked).toEqual([host])
      expect(outcome.ok, host).toBe(false)
      expect(!outcome.ok && outcome.reason).toMatch(/not a public address$/)
    }
  })

  it('an address written in the URL, in any spelling a URL accepts', async () => {
    for (const url of ['http://127.0.0.1/', 'http://0177.0.0.1/', 'http://2130706433/', 'http://0x7f.1/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://[fe80::1]/', 'http://169.254.169.254/latest/meta-data/', 'http://0.0.0.0/', 'http://[::]/']) {
      const { outcome, asked } = await fetchWith(url)
      expect(asked, url).toEqual([])
      expect(outcome.ok ? '' : outcome.reason, url).toMatch(/not a public address$/)
    }
  })

  it('another scheme, another port, credentials, a host with no address', async () => {
    const reasons = async (url: string) => {
      const { outcome } = await fetchWith(url, { 'public.example': ['93.184.216.34'] })
      return outcome.ok ? 'fetched' : outcome.reason
    }
    expect(await reasons('ftp://public.example/')).toBe('ftp: is not http or https')
    expect(await reasons('file:///etc/passwd')).toBe('file: is not http or https')
    expect(await reasons('http://public.example:8080/')).toBe('port 8080 is not 80 or 443')
    expect(await reasons('https://public.example:22/')).toBe('port 22 is not 80 or 443')
    expect(await reasons('https://user:secret@public.example/')).toBe('an address with credentials')
    expect(await reasons('https://nowhere.example/')).toBe('nowhere.example has no address')
  })

  it('lets an allowed host:port skip only its own check', async () => {
    // Allowed: 10.0.0.5:8080 would be connected to; the entry names another port, so it is refused as any other.
    const { outcome } = await fetchWith('http://10.0.0.5:8081/', {}, ['10.0.0.5:8080'])
    expect(outcome).toEqual({ ok: false, reason: 'port 8081 is not 80 or 443' })
    const other = await fetchWith('http://intranet.example/', { 'intranet.example': ['10.0.0.5'] }, ['10.0.0.5:80'])
    expect(other.outcome).toEqual({ ok: false, reason: 'intranet.example is at 10.0.0.5, not a public address' })
  })

  it('gives up at once when its deadline has passed', async () => {
    const controller = new AbortController()
    controller.abort()
    const never = () => new Promise<ResolvedAddress[]>(() => {})
    expect(await fetchPage('https://slow.example/', { allowHosts: new Set(), signal: controller.signal, resolve: never })).toEqual({ ok: false, reason: 'no answer in time' })
  })
})
