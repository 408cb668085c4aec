import { describe, expect, it } from 'vitest'
import { trustedOrigins } from '../../server/http/trusted-origins.ts'
import { relyingPartyOf } from '../../server/services/sign-in/passkey-relying-party.ts'

const of = (siteUrl: string) => relyingPartyOf(siteUrl, trustedOrigins(siteUrl))

describe('relyingPartyOf', () => {
  it('binds passkeys to SITE_URL\'s host name and accepts its origin alone', () => {
    expect(of('https://watchio.app')).toEqual({ rpID: 'watchio.app', rpName: 'Watchio admin', origins: ['https://watchio.app'] })
    expect(of('https://admin.watchio.app:8443')).toMatchObject({ rpID: 'admin.watchio.app', origins: ['https://admin.watchio.app:8443'] })
  })

  it('uses localhost for a loopback site (browsers take no IP address as an rpID), on the same port', () => {
    expect(of('http://127.0.0.1:3000')).toMatchObject({ rpID: 'localhost', origins: ['http://localhost:3000'] })
    expect(of('http://[::1]:3000')).toMatchObject({ rpID: 'localhost', origins: ['http://localhost:3000'] })
    expect(of('http://localhost:4000')).toMatchObject({ rpID: 'localhost', origins: ['http://localhost:4000'] })
  })
})
