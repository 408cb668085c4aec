import { spawn } from 'node:child_process'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { siteDirOf } from '../../server/config.ts'
import { createTempSite, startTestServer, type TempSite } from '../support/temp-site.ts'

let site: TempSite | undefined
afterEach(async () => {
  await site?.cleanup()
  site = undefined
})

/** A pid no process has: above Linux's largest pid_max (2^22). */
const DEAD_PID = 4_194_304 + 1

describe('the data folder at start', () => {
  it('removes temp files a crashed write of the accounts or sessions file left, and keeps a live writer’s', async () => {
    site = await createTempSite()
    const siteDir = siteDirOf(site.dataDir, site.contentDir)
    await mkdir(siteDir, { recursive: true })
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' })
    try {
      const stale = ['.accounts.json.watchio-tmp-' + DEAD_PID + '-0a1b2c', '.sessions.json.watchio-tmp-' + DEAD_PID + '-3d4e5f']
      const live = `.accounts.json.watchio-tmp-${sleeper.pid}-abcdef`
      await writeFile(path.join(site.dataDir, stale[0]!), 'half an accounts file')
      await writeFile(path.join(siteDir, stale[1]!), 'half a sessions file')
      await writeFile(path.join(site.dataDir, live), 'the admin CLI, writing now')
      const server = await startTestServer(site)
      await server.close()
      expect(await readdir(site.dataDir)).not.toContain(stale[0])
      expect(await readdir(siteDir)).not.toContain(stale[1])
      expect(await readdir(site.dataDir)).toContain(live)
    } finally {
      sleeper.kill()
    }
  })
})
