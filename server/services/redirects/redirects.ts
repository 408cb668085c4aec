import { postUrl } from '../../../core/post-urls.ts'
import type { RedirectWire, RedirectsList } from '../../../core/contract/index.ts'
import type { PostIndex } from '../../content/post-index.ts'
import { addRedirect, movePage, pathTakenProblem, RedirectRuleError } from '../../content/redirect-rules.ts'
import { type RedirectsDocument, redirectsOf, serializeRedirects, withoutRedirect } from '../../content/redirects-file.ts'
import { pathKey } from '../../../core/redirect-paths.ts'
import type { RedirectsSource } from '../../content/redirects-source.ts'
import type { ContentRepository, FileChange, GitAuthor, RepositoryTransaction } from '../../git/content-repository.ts'
import { ConflictError, InvalidInputError, NotFoundError } from '../../lib/errors.ts'
import { parseInput } from '../../lib/parse-input.ts'
import { redirectAddBodySchema } from '../../../core/contract/redirect-requests.ts'

export interface RedirectsDeps {
  source: RedirectsSource
  /** Each change is one commit, in the repository's one transaction. */
  repository: Pick<ContentRepository, 'transaction'>
  /** A live post's path is a page: no redirect may take it. */
  index: Pick<PostIndex, 'bySlugAny'>
  /** Whether the site has a page at a path (`/pricing`): pages win, so a redirect from one would never apply. */
  isPage?: (path: string) => boolean
}

/**
 * The site's permanent redirects (`content/redirects.yaml`): the admin's list, add and remove,
 * each one commit authored by the admin; and, for a post's save, the rules a slug change follows
 * (its old path redirected in the same commit, chains collapsed, a path that redirects elsewhere
 * not taken).
 */
export class Redirects {
  readonly #deps: RedirectsDeps

  constructor(deps: RedirectsDeps) {
    this.#deps = deps
  }

  async list(): Promise<RedirectsList> {
    const { source } = this.#deps
    const redirects = redirectsOf(await source.document())
    return { redirects, problem: source.problem()?.reason ?? null }
  }

  add(body: unknown, author: GitAuthor): Promise<RedirectWire> {
    return this.#deps.repository.transaction(async (tx) => {
      const { from, to } = parseInput(redirectAddBodySchema, body)
      const slug = /^\/blog\/([^/]+)\/?$/.exec(from)?.[1]
      if (slug && this.#deps.index.bySlugAny(slug)) throw new ConflictError(`${from} is a post's page: change that post's slug, which records the redirect`)
      if (this.#deps.isPage?.(pathKey(from))) throw new ConflictError(`${from} is a page of this site, which a redirect would never replace`)
      const current = this.#current(await this.#document())
      const document = ruled(() => addRedirect(current, { from, to }))
      await this.#commit(tx, document, `redirects: add ${from} → ${to}`, author)
      return redirectsOf(document).find((redirect) => redirect.from === from)!
    })
  }

  remove(from: string, author: GitAuthor): Promise<void> {
    return this.#deps.repository.transaction(async (tx) => {
      const current = this.#current(await this.#document())
      const next = withoutRedirect(current, from)
      if (next.length === current.length) throw new NotFoundError(`No redirect from ${from}`)
      await this.#commit(tx, next, `redirects: remove ${from}`, author)
    })
  }

  /** Refuses (409) a post at a path that redirects elsewhere; a post moving back to where it redirects from may. */
  async ensurePostPathFree(slug: string, movingFrom: string | null): Promise<void> {
    const problem = pathTakenProblem(await this.#document(), postUrl(slug), movingFrom === null ? null : postUrl(movingFrom))
    if (problem) throw new ConflictError(problem)
  }

  /**
   * A post's slug change: the redirects file's change for the same commit (its old path to its
   * new one, the chains to it collapsed), and what to call once that commit is made.
   */
  postMoved(oldSlug: string, newSlug: string): Promise<{ change: FileChange; committed: () => void }> {
    return this.pagesMoved([[postUrl(oldSlug), postUrl(newSlug)]])
  }

  /** Pages moved (a post's, a renamed tag's), each from its old path to its new one, as postMoved says. */
  async pagesMoved(moves: readonly (readonly [string, string])[]): Promise<{ change: FileChange; committed: () => void }> {
    let document = this.#current(await this.#document())
    for (const [oldPath, newPath] of moves) document = movePage(document, oldPath, newPath)
    return { change: this.#change(document), committed: () => this.#deps.source.saved(document) }
  }

  #document(): Promise<RedirectsDocument> {
    return this.#deps.source.document()
  }

  /** The document a change starts from: never the last valid one while the file is broken, which a save would overwrite. */
  #current(document: RedirectsDocument): RedirectsDocument {
    const problem = this.#deps.source.problem()
    if (problem) throw new ConflictError(`${problem.path} cannot be read (${problem.reason}): fix or revert it in git first`)
    return document
  }

  #change(document: RedirectsDocument): FileChange {
    return { path: this.#deps.source.file, content: Buffer.from(serializeRedirects(document), 'utf8') }
  }

  async #commit(tx: RepositoryTransaction, document: RedirectsDocument, message: string, author: GitAuthor): Promise<void> {
    await tx.commitFiles({ changes: [this.#change(document)], message, author })
    this.#deps.source.saved(document)
  }
}

function ruled(run: () => RedirectsDocument): RedirectsDocument {
  try {
    return run()
  } catch (error) {
    if (error instanceof RedirectRuleError) throw error.kind === 'conflict' ? new ConflictError(error.message) : new InvalidInputError(error.message, 'to')
    throw error
  }
}
