import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runGit } from './git.ts'
import { type GitHttpServer, startGitHttpServer } from './git-http-server.ts'
import { MAINTAINER_GIT_ENV } from './maintainer-git.ts'

/** A site's git remote as a team has one: a bare repository on a git server, and a maintainer's clone of it. */
export interface GitRemote {
  /** The folder that holds the bare repository and the maintainer's clone. */
  root: string
  /** The bare repository the git server serves, as `site.git`. */
  bareDir: string
  /** Runs git against the bare repository; stdout trimmed. */
  bare(...args: string[]): string
  /** The real `git http-backend` in front of it. */
  server: GitHttpServer
  /** Its URL, for the site's settings. */
  url: string
  maintainerDir: string
  /** Runs git in the maintainer's clone; stdout trimmed. */
  maintainer(...args: string[]): string
  /**
   * Writes (or deletes, null) files in the maintainer's clone, commits and pushes, as a
   * maintainer does by hand; answers the commit.
   */
  maintainerPush(files: Record<string, string | null>, message: string): string
  close(): Promise<void>
}

/**
 * A bare clone of the repository in `from` behind a real git server on 127.0.0.1 (`auth`: it
 * asks for these Basic credentials), and a maintainer's clone of it using the git CLI.
 */
export async function createGitRemote(options: { from: string; auth?: { username: string; token: string } }): Promise<GitRemote> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'watchio-remote-'))
  const run = (cwd: string | null, ...args: string[]) => runGit(cwd ? ['-C', cwd, ...args] : args, { env: MAINTAINER_GIT_ENV }).trim()
  const bareDir = path.join(root, 'site.git')
  const maintainerDir = path.join(root, 'maintainer')
  let server: GitHttpServer
  try {
    run(null, 'clone', '-q', '--bare', options.from, bareDir)
    run(null, 'clone', '-q', bareDir, maintainerDir)
    server = await startGitHttpServer({ root, auth: options.auth })
  } catch (error) {
    rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
    throw error
  }
  const maintainer = (...args: string[]) => run(maintainerDir, ...args)
  return {
    root,
    bareDir,
    bare: (...args) => runGit(['--git-dir', bareDir, ...args], { env: MAINTAINER_GIT_ENV }).trim(),
    server,
    url: server.urlOf('site.git'),
    maintainerDir,
    maintainer,
    maintainerPush(files, message) {
      maintainer('pull', '-q', '--no-rebase', 'origin', 'main')
      for (const [file, text] of Object.entries(files)) {
        if (text === null) {
          maintainer('rm', '-q', file)
          continue
        }
        mkdirSync(path.dirname(path.join(maintainerDir, file)), { recursive: true })
        writeFileSync(path.join(maintainerDir, file), text)
        maintainer('add', file)
      }
      maintainer('commit', '-q', '-m', message)
      maintainer('push', '-q', 'origin', 'main')
      return maintainer('rev-parse', 'HEAD')
    },
    async close() {
      await server.close()
      rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
    },
  }
}
