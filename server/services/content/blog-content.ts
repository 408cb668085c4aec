import path from 'node:path'
import type { PostProblem } from '../../../core/contract/index.ts'
import type { Logger } from '../../lib/logger.ts'
import { LinkedFileError, PostFileError, SlugMismatchError } from '../../lib/errors.ts'
import type { KeptContents } from '../../content/parsed-posts.ts'
import { readContent, type StoredPost } from '../../content/stored-content.ts'
import { PostIndex, showsInListDifferently } from '../../content/post-index.ts'
import type { CheckContent, PostFiles, ReadResult, WrittenPost } from '../../content/post-files.ts'
import { isMeantAsPost, postFileName, slugOfFileName } from '../../content/post-paths.ts'
import { watchFolder } from '../../content/watch-folder.ts'
import type { CommitFilesOptions, RepositoryTransaction, SavedCommit } from '../../git/content-repository.ts'
import type { ContentChange } from './content-change.ts'
import { noteTagsBefore } from '../pages/tag-page-stamps.ts'
import { type CheckReport, ContentChecks } from './content-checks.ts'

/** What a reload changed (content-change.ts), for whoever regenerates pages and caches. */
export type { ContentChange }

/** A file the site cannot read, as admins see it: its repository path and why. */
export type { PostProblem }

/** A post file a commit writes: the post, its canonical text and its version (the blob id the save stores it under). */
export type PostWrite = Omit<WrittenPost, 'stats'>

/** A commit through the content layer: its files, and what each post file it writes holds. */
export interface ContentCommit extends CommitFilesOptions {
  /** The posts written, one for each post file of `changes` that is not removed: the index takes them as they are. */
  posts?: readonly PostWrite[]
}

export interface BlogContentDeps {
  files: Pick<PostFiles, 'blogDir' | 'listFileNames' | 'readMany' | 'written' | 'asWritten' | 'checkContent'>
  logger: Logger
  /** The posts folder as problems name it (relative to the repository, with `/`); default: `files.blogDir`. */
  folder?: string
  /** The site's day at start (`YYYY-MM-DD`, core/site-day.ts); later ones come through `setToday`. */
  today?: string
  /**
   * `later`: `load` leaves the check of the posts' content to `checkContent` (a running site,
   * which then serves in seconds); `now` (the build, an export) checks all as it reads them.
   */
  checkAtLoad?: CheckContent
}

/**
 * Keeps the in-memory index true to the post files: loads them all at start, and re-reads
 * the files that changed (a save, a pull, an edit by hand). A file that cannot be read is
 * skipped, logged, and listed in `problems()` until it is fixed; the rest of the site stays up.
 *
 * Files that share an id: the first by file name is read, the others wait (reported, naming
 * it) and are read as soon as the id is theirs alone. So which one the site shows never depends
 * on the order the files were read in, at start or since.
 */
export class BlogContent {
  readonly index: PostIndex
  readonly #listeners = new Set<(change: ContentChange) => unknown>()
  /** Files that cannot be read, by file name, and why. */
  readonly #unreadable = new Map<string, PostFileError>()
  /** Posts read and indexed that then failed to render (a page, a feed), by slug, and why; until they change. */
  readonly #unrenderable = new Map<string, string>()
  /** Files served cleaned, by file name: what the sanitizer takes out of each (ReadPost's warning). */
  readonly #warnings = new Map<string, string>()
  /** Readable files whose id another file (`keptBy`, first by name) holds. */
  readonly #waiting = new Map<string, { read: StoredPost; keptBy: string }>()
  readonly #files: BlogContentDeps['files']
  readonly #logger: Logger
  /** The posts folder as problems name it. */
  readonly #folder: string
  /** Post files a save is writing now (`commit`): it, not a reload, brings them into the index. */
  readonly #saving = new Set<string>()
  readonly #checkAtLoad: CheckContent
  /** The files `load` read with their content not yet checked (`later`), and their checks. */
  readonly #checks: ContentChecks

  constructor(deps: BlogContentDeps) {
    this.index = new PostIndex({ today: deps.today })
    this.#files = deps.files
    this.#logger = deps.logger
    this.#folder = deps.folder ?? deps.files.blogDir
    this.#checkAtLoad = deps.checkAtLoad ?? 'now'
    this.#checks = new ContentChecks({
      contentOf: (fileName, version) => this.#contentAt(fileName, version),
      check: (fileName, version, content, line) => this.#files.checkContent(fileName, version, content, line),
      refuse: async (fileName, error) => {
        await this.#apply(new Map([[fileName, { error }]]))
      },
      warn: (fileName, warning) => this.#warnings.set(fileName, warning),
      logger: this.#logger,
    })
  }

  async load(): Promise<void> {
    const names = await this.#files.listFileNames()
    await this.#apply(await this.#files.readMany(names, this.#checkAtLoad))
    const unchecked = this.#checks.left > 0 ? `, the content of ${this.#checks.left} of them to be checked in the background` : ''
    this.#logger.info(`Loaded ${this.index.size} posts from ${this.#files.blogDir}${unchecked}`)
  }

  /**
   * Checks the content of the files `load` read unchecked (ContentChecks), as a read would have
   * checked it: a warning for what the site leaves out, or the file refused when nothing is left.
   * Resolves once none is left, or after `stopChecking`.
   */
  checkContent(): Promise<CheckReport> {
    return this.#checks.run()
  }

  /** How many files' content is still to be checked: after a stop, the next start checks them. */
  uncheckedLeft(): number {
    return this.#checks.left
  }

  /** Stops `checkContent` after the post it is checking (the site is closing). */
  stopChecking(): Promise<void> {
    return this.#checks.stop()
  }

  /**
   * Re-reads the named files, or the whole folder when `names` is null; but not a file a save is
   * writing or has written and is still as it left it (see `commit`): the save hands the
   * index its content. That is also checked once read, for a file a save wrote while a long read
   * went on: what was read is older.
   */
  async reload(names: Iterable<string> | null): Promise<ContentChange> {
    let fileNames: string[]
    if (names === null) {
      const present = new Set(await this.#files.listFileNames().catch(() => []))
      for (const post of this.index.all()) present.add(postFileName(post.slug))
      for (const name of [...this.#unreadable.keys(), ...this.#waiting.keys()]) present.add(name)
      fileNames = [...present]
    } else {
      fileNames = [...names].filter(isMeantAsPost)
    }
    const results = await this.#files.readMany(fileNames.filter((name) => !this.#leftToSave(name)))
    for (const name of results.keys()) if (this.#leftToSave(name)) results.delete(name)
    return this.#apply(results)
  }

  /**
   * One commit of `changes` on `tx` (the caller's transaction, which holds the repository), and
   * the post files among them brought into the index before it returns: each written one as
   * `posts` says it holds (the post, its text and version), as a reload would have read it,
   * without reading it back; each removed one gone. Meanwhile reloads leave these files to it,
   * and afterwards skip each while it is as written (PostFiles.asWritten): the folder watcher,
   * woken by the save's own writes, reads nothing. When the commit wrote nothing, or recovery
   * settled a failed step (SavedCommit.written is null), or it throws, the files are read as
   * they are. Resolves with the commit (null: nothing changed) once the listeners have (the
   * pages are regenerated).
   */
  async commit(tx: Pick<RepositoryTransaction, 'commitFiles'>, commit: ContentCommit): Promise<SavedCommit | null> {
    const { posts = [], ...files } = commit
    const blogDir = path.resolve(this.#files.blogDir)
    // Post files only: the index holds those (a rename's redirects file is not one).
    const names = files.changes.flatMap((change) => (path.dirname(path.resolve(change.path)) === blogDir ? [path.basename(change.path)] : []))
    for (const name of names) this.#saving.add(name)
    const done = () => names.forEach((name) => this.#saving.delete(name))
    let saved: SavedCommit | null
    try {
      saved = await tx.commitFiles(files)
    } catch (error) {
      done()
      await this.reload(names).catch((reloadError: unknown) => this.#logger.error('Reloading posts failed', reloadError))
      throw error
    }
    const written = writtenPosts(saved, names, posts)
    // Each file's stamp is kept before the save lets go of it: a reload in between would read it.
    const results = new Map<string, ReadResult>()
    for (const [name, post] of written ?? []) results.set(name, this.#files.written(name, post))
    done()
    if (written === null) await this.reload(names)
    else await this.#apply(results)
    return saved
  }

  /**
   * Follows edits to the post files made by anyone (an editor, git by hand): changed files are
   * reloaded once a burst of changes has settled (`settleMs`). Returns how to stop.
   */
  watch(options: { settleMs?: number } = {}): () => void {
    return watchFolder({
      dir: this.#files.blogDir,
      settleMs: options.settleMs ?? 100,
      onChange: (names) => {
        this.reload(names).catch((error) => this.#logger.error('Reloading posts failed', error))
      },
      onError: (error) => this.#logger.error('Watching the posts folder failed', error),
    })
  }

  /**
   * The site's day changed (PublishSchedule): posts scheduled for it go live, as any change
   * does (their pages, the list, the sitemap and the feeds are made), without a file or commit.
   */
  async setToday(day: string): Promise<ContentChange> {
    const forward = day > this.index.today
    const moved = this.index.setToday(day)
    const change: ContentChange = { updated: moved, removed: [], publishedListChanged: moved.length > 0 }
    if (moved.length > 0) {
      this.#logger.info(`${day}: ${moved.length} scheduled post${moved.length === 1 ? '' : 's'} ${forward ? 'now live' : 'scheduled again (the clock went back)'}: ${moved.join(', ')}`)
      await Promise.all([...this.#listeners].map((listener) => listener(change)))
    }
    return change
  }

  /**
   * The parse cache wrote the posts' content to its content file (ParsedPosts.save): the index
   * reads each there from now on, unless the post changed meanwhile, and lets go of its text.
   */
  contentKept(kept: KeptContents): void {
    for (const [fileName, { version, content }] of kept) this.index.relocateContent(slugOf(fileName), version, content)
  }

  /**
   * A post that the pages failed to render (PublicPages): listed in `problems()` until its file
   * changes or goes. The post stays in the index; the pages and feeds that failed leave it out.
   */
  reportRenderFailure(slug: string, reason: string): void {
    if (this.index.bySlugAny(slug)) this.#unrenderable.set(slug, reason)
  }

  /**
   * Every file the site cannot read or render, by path, and why (admins fix them; the site skips
   * them); and, as warnings, every file it serves cleaned (the next save writes it so).
   */
  problems(): PostProblem[] {
    const problems: PostProblem[] = [
      ...[...this.#warnings]
        .filter(([name]) => this.index.versionOf(slugOf(name)) !== undefined)
        .map(([name, reason]): PostProblem => ({ path: this.#pathOf(name), reason, severity: 'warning' })),
      ...[...this.#unrenderable].map(([slug, reason]) => ({ path: this.#pathOf(postFileName(slug)), reason: `failed to render: ${reason}` })),
      ...[...this.#unreadable].map(([name, error]) => ({ path: this.#pathOf(name), reason: this.#reasonFor(error) })),
      ...[...this.#waiting].map(([name, { read, keptBy }]) => ({
        path: this.#pathOf(name),
        reason: `id "${read.id}" is also the id of ${this.#pathOf(keptBy)}, which is read instead (the first file by name keeps the id): give this post another id, or delete its id line for one to be made`,
      })),
    ]
    return problems.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  }

  /**
   * `listener` runs after each change; a reload resolves only once every listener's promise
   * has (so a save answers after its pages are regenerated).
   */
  onChange(listener: (change: ContentChange) => unknown): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  async #apply(results: Map<string, ReadResult>): Promise<ContentChange> {
    const change: ContentChange = { updated: [], removed: [], publishedListChanged: false }
    const readable: [string, StoredPost][] = []
    // Removals first: a renamed post's id must be free before its new file is added.
    for (const [fileName, result] of results) {
      this.#waiting.delete(fileName)
      if ('version' in result) {
        const { warning, unchecked, ...read } = result
        if (warning) this.#warnings.set(fileName, warning)
        else this.#warnings.delete(fileName)
        this.#checks.note(fileName, unchecked === undefined ? null : { version: read.version, line: unchecked })
        readable.push([fileName, read])
        continue
      }
      this.#warnings.delete(fileName)
      this.#checks.note(fileName, null)
      if ('error' in result) {
        this.#unreadable.set(fileName, result.error)
        this.#logger.warn(`Skipped ${result.error.message}`)
      } else {
        this.#unreadable.delete(fileName)
      }
      this.#drop(slugOf(fileName), change)
    }
    // Then the posts, with those waiting for their id, by file name: the first to claim an id keeps it.
    const waiting = [...this.#waiting].map(([fileName, { read }]): [string, StoredPost] => [fileName, read])
    const pending = [...readable, ...waiting].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    for (const [fileName, read] of pending) this.#place(fileName, read, change)
    if (change.updated.length > 0 || change.removed.length > 0) {
      await Promise.all([...this.#listeners].map((listener) => listener(change)))
    }
    return change
  }

  /** Puts a readable file in the index, unless a file before it by name holds its id. */
  #place(fileName: string, read: StoredPost, change: ContentChange): void {
    const holder = this.index.byId(read.id)?.slug
    if (holder !== undefined && holder !== read.slug) {
      const holderFile = postFileName(holder)
      if (holderFile < fileName) {
        this.#wait(fileName, read, holderFile)
        // What this file was before (under another id) is not what it says now.
        this.#drop(read.slug, change)
        return
      }
      this.#wait(holderFile, this.index.storedBySlug(holder)!, fileName)
      this.#drop(holder, change)
    }
    this.#unreadable.delete(fileName)
    this.#waiting.delete(fileName)
    this.#add(read, change)
  }

  #wait(fileName: string, read: StoredPost, keptBy: string): void {
    if (this.#waiting.get(fileName)?.keptBy !== keptBy) {
      this.#logger.warn(`Skipped ${fileName}: id ${read.id} is also the id of ${keptBy}, which is read instead`)
    }
    this.#unreadable.delete(fileName)
    this.#waiting.set(fileName, { read, keptBy })
  }

  #add(read: StoredPost, change: ContentChange): void {
    // The index keeps the version beside the post: pages are stamped from the post alone.
    const { version, ...post } = read
    const before = this.index.bySlugAny(post.slug)
    if (before && before.id === post.id && this.index.versionOf(post.slug) === version) return
    noteTagsBefore(change, before?.tags)
    // Never refused: the id is free or already this slug's (place() made sure).
    this.index.upsert(post, version)
    this.#unrenderable.delete(post.slug)
    change.updated.push(post.slug)
    if (!before ? this.index.isLive(post) : showsInListDifferently(before, post, this.index.today)) change.publishedListChanged = true
  }

  #drop(slug: string, change: ContentChange): void {
    this.#unrenderable.delete(slug)
    const before = this.index.remove(slug)
    if (!before) return
    noteTagsBefore(change, before.tags)
    change.removed.push(slug)
    if (this.index.isLive(before)) change.publishedListChanged = true
  }

  /** The file's content as read at `version`, while the index holds it, or it waits for its id; else none. */
  #contentAt(fileName: string, version: string): string | undefined {
    const slug = slugOf(fileName)
    const waiting = this.#waiting.get(fileName)?.read
    const stored = this.index.versionOf(slug) === version ? this.index.storedBySlug(slug) : waiting?.version === version ? waiting : undefined
    return stored && readContent(stored.content)
  }

  /** A file a save is writing, or has written and is still as written: not to be read (see `commit`). */
  #leftToSave(fileName: string): boolean {
    return this.#saving.has(fileName) || this.#files.asWritten(fileName)
  }

  /** The error's own words, except that a slug another file already has names that file. */
  #reasonFor(error: PostFileError): string {
    if (error instanceof LinkedFileError) return error.reason
    if (error instanceof SlugMismatchError && this.index.bySlugAny(error.slug)) {
      return `slug "${error.slug}" is already the slug of ${this.#pathOf(postFileName(error.slug))} (and must equal this file's name, ${slugOf(error.file)})`
    }
    return `${error.field} ${error.reason}`
  }

  #pathOf(fileName: string): string {
    return `${this.#folder}/${fileName}`
  }
}

/**
 * What the commit wrote of the post files `names`, by name (null: removed), each with what
 * `posts` says it holds; null when it is to be read instead: nothing was written, recovery
 * settled the save, or a file written is not among `posts`.
 */
function writtenPosts(saved: SavedCommit | null, names: readonly string[], posts: readonly PostWrite[]): Map<string, WrittenPost | null> | null {
  if (saved === null || saved.written === null) return null
  const made = new Map(posts.map((write) => [postFileName(write.post.slug), write]))
  const written = new Map<string, WrittenPost | null>()
  for (const file of saved.written) {
    const name = path.basename(file.path)
    if (!names.includes(name)) continue
    if (file.stats === null) {
      written.set(name, null)
      continue
    }
    const post = made.get(name)
    if (!post) return null
    written.set(name, { ...post, stats: file.stats })
  }
  return written
}

/** Every name here is meant as a post (it ends in `.html`): the slug it would have. */
function slugOf(fileName: string): string {
  return slugOfFileName(fileName) ?? fileName
}
