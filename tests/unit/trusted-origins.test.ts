import { describe, expect, it } from 'vitest'
import { trustedOrigins } from '../../server/http/trusted-origins.ts'

describe('trustedOrigins', () => {
  it('is SITE_URL\'s origin alone for a public site', () => {
    expect([...trustedOrigins('https://watchio.app')]).toEqual(['https://watchio.app'])
  })

  it('adds the other loopback names, same scheme and port, for a site on this machine', () => {
    expect(trustedOrigins('http://localhost:3000')).toEqual(new Set(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']))
    expect(trustedOrigins('http://127.0.0.1:4173').has('http://localhost:4173')).toBe(true)
    expect(trustedOrigins('http://127.0.0.1:4173').has('http://localhost:3000')).toBe(false)
  })
})
