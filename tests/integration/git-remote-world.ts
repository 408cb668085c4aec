import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ContentRepository, type ConnectedRemote } from '../../server/git/content-repository.ts'
import { runGit } from '../support/git.ts'
import { type GitHttpServer, startGitHttpServer } from '../support/git-http-server.ts'
import { createTempRepo, GIT_ENV, post, recordingLogger, type TempRepo } from './git-fixture.ts'

/** A site's repository with two posts, its bare remote behind a real `git http-backend`, and a maintainer's clone. */
export interface RemoteWorld {
  site: TempRepo
  /** The folder that holds the remote and the maintainer's clone. */
  root: string
  /** A maintainer's clone of the remote, with the git CLI. */
  maintainer: (...args: string[]) => string
  maintainerDir: string
  bareDir: string
  server: GitHttpServer
  repository: ContentRepository
  sync: ConnectedRemote
}

/**
 * Sets one up; each thing made is handed to `cleanups` to undo (in reverse order). `auth`: the
 * remote asks for these credentials, and the site sends them (`token` in place of the right one).
 * `packing`: ContentRepository's packing thresholds (default: its own).
 */
export async function createRemoteWorld(options: {
  cleanups: (() => Promise<void> | void)[]
  auth?: { username: string; token: string }
  token?: string
  packing?: { looseObjects: number; looseBytes: number }
}): Promise<RemoteWorld> {
  const { cleanups, auth } = options
  const site = createTempRepo({ posts: { 'a.html': post('a', 'A one'), 'b.html': post('b', 'B one') } })
  cleanups.push(() => site.remove())
  const root = mkdtempSync(path.join(os.tmpdir(), 'watchio-remote-'))
  cleanups.push(() => rmSync(root, { recursive: true, force: true }))
  const bareDir = path.join(root, 'site.git')
  runGit(['clone', '-q', '--bare', site.dir, bareDir], { env: GIT_ENV })
  const maintainerDir = path.join(root, 'maintainer')
  runGit(['clone', '-q', bareDir, maintainerDir], { env: GIT_ENV })
  const maintainer = (...args: string[]) => runGit(args, { cwd: maintainerDir, env: GIT_ENV }).trim()
  const server = await startGitHttpServer({ root, auth })
  cleanups.push(() => server.close())
  const repository = await ContentRepository.open({ dir: site.blogDir, logger: recordingLogger(), packing: options.packing })
  cleanups.push(() => repository.close())
  const sync = repository.connectRemote({
    url: server.urlOf('site.git'),
    branch: 'main',
    username: auth?.username ?? null,
    token: options.token ?? auth?.token ?? null,
  })
  cleanups.push(() => sync.close())
  return { site, root, maintainer, maintainerDir, bareDir, server, repository, sync }
}
