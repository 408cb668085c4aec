import path from 'node:path'
import git from 'isomorphic-git'
import { RemoteError } from '../../lib/errors.ts'
import type { AtomicFs } from '../store/atomic-fs.ts'
import type { IsomorphicGitContext } from '../store/git-store.ts'
import { createHttpClient } from './http-client.ts'

/** Where and how to reach the remote. The URL carries no credentials (config refuses them). */
export interface RemoteSettings {
  url: string
  /** The branch on the remote, e.g. `main`. */
  branch: string
  username: string | null
  token: string | null
  /** Deadline of one HTTP request. */
  timeoutMs?: number
}

const NO_COMMIT = '0000000000000000000000000000000000000000'
/** Our name for the remote: refs/remotes/watchio/<branch> (a maintainer's `origin` is left alone). */
export const REMOTE_NAME = 'watchio'
const DEFAULT_TIMEOUT_MS = 60_000

/**
 * Fetch and push over smart HTTP, through isomorphic-git, without writing anything but objects.
 *
 * Why: these calls talk to the network, and a save must never wait for the network, so they
 * run outside the repository's serial queue. Left alone, isomorphic-git would also write refs
 * (`refs/remotes/...`, `.git/shallow`) from here, racing with the queue, and `fetch` writes the
 * remote ref *before* the pack that holds its commit (a crash in between leaves a ref to nothing).
 * So the `fs` given to isomorphic-git lets through only writes under `.git/objects/` (new
 * packfiles: content-addressed, written atomically, harmless to anyone reading meanwhile), and
 * the caller records the fetched or pushed commit in its own ref afterwards, inside the queue.
 *
 * Credentials go in an Authorization header on every request (never in a URL), and every error
 * message is passed through `redact` before it leaves this module. Nothing of the protocol is
 * hand-written (isomorphic-git's `fetch` and `push`): no measurement to name.
 */
export class RemoteTransport {
  readonly #settings: RemoteSettings
  readonly #fs: AtomicFs
  readonly #gitdir: string
  /** The current isomorphic-git cache (replaced after packing) and the packs' shared lock. */
  readonly #context: IsomorphicGitContext
  readonly #http
  /** Aborts every request in flight, for shutdown. */
  readonly #closing = new AbortController()

  constructor(deps: { settings: RemoteSettings; isomorphicGit: IsomorphicGitContext }) {
    const { settings, isomorphicGit: context } = deps
    this.#settings = settings
    this.#gitdir = context.gitdir
    this.#context = context
    this.#fs = objectsOnly(context.fs, context.gitdir)
    this.#http = createHttpClient({ timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal: this.#closing.signal })
  }

  get url(): string {
    return this.#settings.url
  }

  get branch(): string {
    return this.#settings.branch
  }

  /**
   * Downloads what the remote branch has that `localBranch` lacks, and returns the remote
   * branch's commit (null: the remote has no such branch yet).
   */
  async fetch(localBranch: string): Promise<string | null> {
    try {
      // It reads local objects too (what we have, to tell the remote): packs must stay meanwhile.
      const result = await this.#context.shared(() =>
        git.fetch({
          ...this.#connection(),
          ref: localBranch,
          remoteRef: this.#settings.branch,
          singleBranch: true,
          tags: false,
        }),
      )
      return result.fetchHead ?? null
    } catch (error) {
      // The remote exists but has no such branch (yet): the first push creates it.
      if (error instanceof git.Errors.NotFoundError) return null
      throw this.#failure(error)
    }
  }

  /**
   * Pushes `localBranchRef` to the remote branch (`remoteBranch`, by default the synced one) if,
   * and only if, `accept` agrees with where the remote branch is now (null: absent), typically
   * "where the last fetch saw it": otherwise `RemoteError('remote-moved')`, before anything is
   * sent. Never forced. Returns the commit pushed.
   */
  async push(options: { localBranchRef: string; remoteBranch?: string; accept: (remoteNow: string | null) => boolean | Promise<boolean> }): Promise<string> {
    let pushed: string | null = null
    try {
      // It reads every object it sends: packs must stay meanwhile.
      await this.#context.shared(() =>
        git.push({
          ...this.#connection(),
          ref: options.localBranchRef,
          remoteRef: `refs/heads/${options.remoteBranch ?? this.#settings.branch}`,
          force: false,
          onPrePush: async ({ localRef, remoteRef }) => {
            if (!(await options.accept(remoteRef.oid === NO_COMMIT ? null : remoteRef.oid))) return false
            pushed = localRef.oid
            return true
          },
        }),
      )
    } catch (error) {
      throw this.#failure(error)
    }
    return pushed!
  }

  /** Aborts requests in flight (they fail) and any later one: the server is shutting down. */
  close(): void {
    this.#closing.abort()
  }

  /** `text` with the token (as is, URL-encoded and inside a Basic header) replaced by `***`. */
  redact(text: string): string {
    const { username, token } = this.#settings
    if (!token) return text
    let clean = text
    for (const secret of [Buffer.from(`${username ?? ''}:${token}`).toString('base64'), encodeURIComponent(token), token]) {
      if (secret.length > 0) clean = clean.split(secret).join('***')
    }
    return clean
  }

  /** What every fetch and push gives isomorphic-git: this repository, the remote and its credentials. */
  #connection() {
    return {
      fs: this.#fs,
      http: this.#http,
      gitdir: this.#gitdir,
      cache: this.#context.cache,
      url: this.#settings.url,
      remote: REMOTE_NAME,
      headers: this.#headers(),
    }
  }

  #headers(): Record<string, string> {
    const { username, token } = this.#settings
    if (!token) return {}
    return { Authorization: `Basic ${Buffer.from(`${username ?? ''}:${token}`).toString('base64')}` }
  }

  /** Every failure as a RemoteError with a plain, redacted message and a kind for the retry logic. */
  #failure(error: unknown): RemoteError {
    const url = this.#settings.url
    const make = (kind: ConstructorParameters<typeof RemoteError>[0], message: string) => new RemoteError(kind, this.redact(message))
    if (error instanceof git.Errors.HttpError) {
      const { statusCode, statusMessage } = error.data
      if (statusCode === 401 || statusCode === 403) return make('auth', `The remote ${url} refused the credentials (HTTP ${statusCode} ${statusMessage}): check GIT_USERNAME and GIT_TOKEN`)
      if (statusCode === 404) return make('not-found', `No git repository at ${url} (HTTP 404)`)
      return make('failed', `The remote ${url} answered HTTP ${statusCode} ${statusMessage}`)
    }
    if (error instanceof git.Errors.UserCanceledError) return make('remote-moved', `The remote branch ${this.#settings.branch} moved since the last fetch`)
    if (error instanceof git.Errors.PushRejectedError) return make('remote-moved', `The remote refused the push: ${error.message}`)
    if (error instanceof git.Errors.GitPushError) return make('rejected', `The remote refused the push: ${error.message}`)
    const name = (error as { name?: string } | null)?.name
    if (name === 'TimeoutError' || name === 'AbortError') return make('network', `No answer from ${url} in time`)
    const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause
    if (error instanceof TypeError && cause) return make('network', `Could not reach ${url} (${cause.code ?? cause.message ?? 'network error'})`)
    return make('failed', `Talking to ${url} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/**
 * The atomic fs, with every write, deletion or new folder outside `objectsDir` ignored, and
 * `.git/config` read with a fetch refspec for our remote name added: isomorphic-git's fetch
 * refuses a remote without one, even though the refs it would write are ignored here. The real
 * config file is never written.
 */
function objectsOnly(fs: AtomicFs, gitdir: string): AtomicFs {
  const objectsDir = path.join(gitdir, 'objects') + path.sep
  const configFile = path.join(gitdir, 'config')
  const inObjects = (file: unknown) => typeof file === 'string' && path.resolve(file).startsWith(objectsDir)
  const p = fs.promises
  const readFile = (async (file: string, options?: unknown) => {
    if (typeof file !== 'string' || path.resolve(file) !== configFile) return p.readFile(file, options as never)
    let text = ''
    try {
      text = (await p.readFile(file, 'utf8')) as string
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    const withRemote = `${text}\n[remote "${REMOTE_NAME}"]\n\tfetch = +refs/heads/*:refs/remotes/${REMOTE_NAME}/*\n`
    return options === undefined || (typeof options === 'object' && options !== null && !('encoding' in options)) ? Buffer.from(withRemote) : withRemote
  }) as typeof p.readFile
  return {
    promises: {
      ...p,
      readFile,
      writeFile: (file, data, options) => (inObjects(file) ? p.writeFile(file, data, options) : Promise.resolve()),
      unlink: ((file: string) => (inObjects(file) ? p.unlink(file) : Promise.resolve())) as typeof p.unlink,
      rm: ((file: string, options?: object) => (inObjects(file) ? p.rm(file, options) : Promise.resolve())) as typeof p.rm,
      rmdir: ((file: string, options?: object) => (inObjects(file) ? p.rmdir(file, options) : Promise.resolve())) as typeof p.rmdir,
      mkdir: ((file: string, options?: object) => (inObjects(file) ? p.mkdir(file, options) : Promise.resolve(undefined))) as typeof p.mkdir,
      symlink: ((target: string, file: string) => (inObjects(file) ? p.symlink(target, file) : Promise.resolve())) as typeof p.symlink,
    },
  }
}
