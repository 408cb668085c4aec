/**
 * Who the site is to a passkey (WebAuthn's "relying party"): the host name its passkeys are bound
 * to (rpID) and the page origins whose signatures count. Both come from SITE_URL alone, never from
 * a request (a request's Host is the client's word).
 */
export interface RelyingParty {
  /** SITE_URL's host name; `localhost` for a loopback address (browsers take no IP address as an rpID). */
  rpID: string
  /** What the browser shows beside the passkey. */
  rpName: string
  /** The origins a ceremony may run on: the site's own, of those the API trusts, whose host is rpID. */
  origins: string[]
}

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '[::1]'])

/**
 * `trustedOrigins` is the set the API already accepts (SITE_URL's origin and, for a loopback
 * SITE_URL, its other loopback names): a passkey works on the ones whose host is the rpID, so
 * http://localhost:3000 for a site at http://127.0.0.1:3000.
 */
export function relyingPartyOf(siteUrl: string, trustedOrigins: Iterable<string>): RelyingParty {
  const { hostname } = new URL(siteUrl)
  const rpID = LOOPBACK_ADDRESSES.has(hostname) ? 'localhost' : hostname
  const origins = [...trustedOrigins].filter((origin) => {
    const host = new URL(origin).hostname
    return host === rpID || host.endsWith(`.${rpID}`)
  })
  return { rpID, rpName: 'Watchio admin', origins }
}
