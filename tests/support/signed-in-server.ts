import type { RunningServer } from '../../server/start.ts'
import { ApiClient } from './admin-client.ts'
import { createTempSite, startTestServer, type TempSite } from './temp-site.ts'

export interface SignedInServer {
  site: TempSite
  server: RunningServer
  /** Signed in as TEST_ADMIN (with `signIn: false`, a client that is not). */
  api: ApiClient
  /** Stops the server, then removes the site. */
  close(): Promise<void>
}

/**
 * What most API test files start with: a temp site (createTempSite), the real server over it
 * (startTestServer) and an admin signed in to it. `prepare` runs before the server starts (files a
 * maintainer left in the repository); the rest are startTestServer's options.
 */
export async function signedInServer(
  options: {
    site?: Parameters<typeof createTempSite>[0]
    prepare?: (site: TempSite) => Promise<void> | void
    signIn?: boolean
  } & NonNullable<Parameters<typeof startTestServer>[1]> = {},
): Promise<SignedInServer> {
  const { site: siteOptions, prepare, signIn = true, ...start } = options
  const site = await createTempSite(siteOptions)
  let server: RunningServer | undefined
  try {
    await prepare?.(site)
    server = await startTestServer(site, start)
    const api = new ApiClient(server.url)
    if (signIn) await api.signIn()
    const running = server
    return {
      site,
      server,
      api,
      async close() {
        await running.close()
        await site.cleanup()
      },
    }
  } catch (error) {
    await server?.close()
    await site.cleanup()
    throw error
  }
}
