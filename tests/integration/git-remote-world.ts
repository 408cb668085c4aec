import { ContentRepository, type ConnectedRemote } from '../../server/git/content-repository.ts'
import type { GitHttpServer } from '../support/git-http-server.ts'
import { createGitRemote, type GitRemote } from '../support/git-remote.ts'
import { createTempRepo, post, recordingLogger, type TempRepo } from './git-fixture.ts'

/** A site's repository with two posts, its bare remote behind a real `git http-backend`, and a maintainer's clone. */
export interface RemoteWorld {
  site: TempRepo
  /** The folder that holds the remote and the maintainer's clone. */
  root: string
  /** A maintainer's clone of the remote, with the git CLI. */
  maintainer: (...args: string[]) => string
  maintainerDir: string
  /** Writes (or deletes, null) files in the maintainer's clone, commits and pushes; answers the commit. */
  maintainerPush: GitRemote['maintainerPush']
  bareDir: string
  /** Runs git against the bare repository. */
  bare: GitRemote['bare']
  server: GitHttpServer
  repository: ContentRepository
  sync: ConnectedRemote
}

/**
 * Sets one up; each thing made is handed to `cleanups` to undo (in reverse order). `auth`: the
 * remote asks for these credentials, and the site sends them (`token` in place of the right one).
 * `packing`: ContentRepository's packing thresholds (default: its own). `posts`: the site's first
 * commit's posts (default `a` and `b`).
 */
export async function createRemoteWorld(options: {
  cleanups: (() => Promise<void> | void)[]
  auth?: { username: string; token: string }
  token?: string
  packing?: { looseObjects: number; looseBytes: number }
  posts?: Record<string, string>
}): Promise<RemoteWorld> {
  const { cleanups, auth } = options
  const site = createTempRepo({ posts: options.posts ?? { 'a.html': post('a', 'A one'), 'b.html': post('b', 'B one') } })
  cleanups.push(() => site.remove())
  const remote = await createGitRemote({ from: site.dir, auth })
  cleanups.push(() => remote.close())
  const repository = await ContentRepository.open({ dir: site.blogDir, logger: recordingLogger(), packing: options.packing })
  cleanups.push(() => repository.close())
  const sync = repository.connectRemote({
    url: remote.url,
    branch: 'main',
    username: auth?.username ?? null,
    token: options.token ?? auth?.token ?? null,
  })
  cleanups.push(() => sync.close())
  const { root, maintainer, maintainerDir, maintainerPush, bareDir, bare, server } = remote
  return { site, root, maintainer, maintainerDir, maintainerPush, bareDir, bare, server, repository, sync }
}
