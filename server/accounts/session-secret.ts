import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The key that signs session cookies: SESSION_SECRET when set, otherwise one generated at
 * first start into the private data folder and reused, so restarts keep admins signed in.
 */
export async function loadSessionSecret(options: { dataDir: string; configured: string | null }): Promise<string> {
  if (options.configured) return options.configured
  const file = path.join(options.dataDir, 'session-secret')
  try {
    const saved = (await readFile(file, 'utf8')).trim()
    if (saved.length >= 32) return saved
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const secret = randomBytes(32).toString('hex')
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 })
  await writeFile(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
