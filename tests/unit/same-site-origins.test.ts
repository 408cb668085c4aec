import { describe, expect, it } from 'vitest'
import { sameSiteOrigins } from '../../server/http/same-site.ts'

describe('sameSiteOrigins', () => {
  it('is SITE_URL\'s origin alone for a public site', () => {
    expect([...sameSiteOrigins('https://watchio.app')]).toEqual(['https://watchio.app'])
  })

  it('adds the other loopback names, same scheme and port, for a site on this machine', () => {
    expect(sameSiteOrigins('http://localhost:3000')).toEqual(new Set(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']))
    expect(sameSiteOrigins('http://127.0.0.1:4173').has('http://localhost:4173')).toBe(true)
    expect(sameSiteOrigins('http://127.0.0.1:4173').has('http://localhost:3000')).toBe(false)
  })
})
