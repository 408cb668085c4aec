import type { RunningServer } from '../../server/start.ts'
import { ApiClient } from './admin-client.ts'
import { createTempSite, startTestServer, type TempSite } from './temp-site.ts'

type StartOptions = NonNullable<Parameters<typeof startTestServer>[1]>

export interface SignedInServer {
  site: TempSite
  /** The server running now (restart() starts another). */
  server: RunningServer
  /** Signed in as TEST_ADMIN (with `signIn: false`, a client that is not). */
  api: ApiClient
  /**
   * Stops the server and starts a new one over the same site, with these startTestServer options
   * (none of the first start's carry over); answers it, signed in again when the first was.
   */
  restart(options?: StartOptions): Promise<RunningServer>
  /** Stops the server running now, then removes the site. */
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
  } & StartOptions = {},
): Promise<SignedInServer> {
  const { site: siteOptions, prepare, signIn = true, ...start } = options
  const site = await createTempSite(siteOptions)
  let server: RunningServer | undefined
  const startOver = async (startOptions: StartOptions) => {
    server = await startTestServer(site, startOptions)
    const api = new ApiClient(server.url)
    if (signIn) await api.signIn()
    return { server, api }
  }
  try {
    await prepare?.(site)
    const first = await startOver(start)
    const running: SignedInServer = {
      site,
      server: first.server,
      api: first.api,
      async restart(restartOptions = {}) {
        await server?.close()
        server = undefined
        const next = await startOver(restartOptions)
        running.server = next.server
        running.api = next.api
        return next.server
      },
      async close() {
        await server?.close()
        server = undefined
        await site.cleanup()
      },
    }
    return running
  } catch (error) {
    await server?.close()
    await site.cleanup()
    throw error
  }
}
