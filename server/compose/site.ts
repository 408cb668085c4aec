/**
 * The composition root's public half: the content and the pages made from it, each service
 * built with its dependencies passed in (as Ghost's `posts-service-instance.js` does). The
 * build and the static export use `openSite` alone (no git, no accounts, no uploads); a running
 * server adds the repository and its role's services (server.ts). The service tests build the
 * content and the pages with the same functions (`openPostContent`, `buildPublicPages`).
 */
import path from 'node:path'
import type { BuildInfo } from '../build-info.ts'
import type { Config } from '../config.ts'
import { ParsedPosts } from '../content/parsed-posts.ts'
import { type CheckContent, PostFiles, type PostFilesDeps } from '../content/post-files.ts'
import { blogDirOf, repositoryPath } from '../content/post-paths.ts'
import { RedirectsSource, redirectsFileOf } from '../content/redirects-source.ts'
import { type OlderVersions, pagesShowing, SiteSource } from '../content/site-source.ts'
import { FileCache } from '../http/file-cache.ts'
import { mediaDirOf, variantsDirOf } from '../media/media-folder.ts'
import { MediaVariants } from '../media/media-variants.ts'
import type { Logger } from '../lib/logger.ts'
import { PageFiles } from '../pages/page-files.ts'
import { readPublicPages } from '../pages/page-routes.ts'
import { createPageRenderer, loadServerBuild, prepareLeanRendering, renderSettingsOf } from '../pages/render-page.ts'
import { buildSearchIndexOf, SearchFolders } from '../search/search-folders.ts'
import { BlogContent } from '../services/content/blog-content.ts'
import type { CheckReport } from '../services/content/content-checks.ts'
import type { CatchUpOptions } from '../services/pages/page-catch-up.ts'
import { PublicPages, type PublicPagesDeps } from '../services/pages/public-pages.ts'
import { type Clock, PublishSchedule } from '../services/posts/publish-schedule.ts'
import { SiteSearch } from '../services/search/site-search.ts'
import { dayIn } from '../../core/site-day.ts'

/**
 * Where a site's pages live. The build writes its prerendered pages into `dist/client`, with
 * their stamps beside it. A running site never writes into `dist/` (it may be read-only, and
 * every site started from the checkout shares it): its own pages go into its own folder
 * (`pages/` in `siteDir`, their stamps in `pages.json`), and the build's pages seed it.
 */
export function pageFolders(config: Pick<Config, 'distDir' | 'siteDir'>) {
  const build = { dir: path.join(config.distDir, 'client'), stateFile: path.join(config.distDir, 'client-pages.json') }
  const site = { dir: path.join(config.siteDir, 'pages'), stateFile: path.join(config.siteDir, 'pages.json') }
  return { build, site }
}

/**
 * The content and the pages made from it, wired together: the index loaded from the post
 * files, the site's pages (or, for the build, the prerendered ones in `dist/client`), and
 * (when watching) every change to the files reaching the index, the caches and the pages
 * within a moment.
 */
export async function openSite(options: {
  config: Config
  /** What dist/ was built from and when: pages are stamped with it. */
  build: BuildInfo
  logger: Logger
  /**
   * `build`: prerender into dist/client (npm run build). `site`: a running site's own folder.
   * A folder of its own: every page rendered there from scratch (a static export, server/export/).
   */
  pagesFor: 'build' | 'site' | { dir: string; stateFile: string }
  /** The content repository's root: problems with post files name them relative to it. */
  repositoryRoot?: string
  /** The pace of the start's background catch-up (PublicPages.catchUp). */
  catchUp?: CatchUpOptions
  /** The wall clock, which says when scheduled posts go live (tests pass their own). */
  clock?: Clock
  /** Makes the reader of the post files: the build's reads on its worker threads too (build/render-workers.ts). */
  postFiles?: (deps: PostFilesDeps) => PostFiles
  /**
   * A file's committed versions (the repository's history): a broken file of the site's copy
   * keeps its last valid one live. Without (the build, an export, a replica), its built-in copy.
   */
  siteHistory?: OlderVersions
}) {
  const { config, build, logger } = options
  const clock = options.clock ?? (() => new Date())
  if (config.mode === 'production' && !(await loadServerBuild(config.distDir))) {
    logger.info("vike's request context is where this version does not look for it: Node's async hooks stay on, a few % slower answers")
  }
  const blogDir = blogDirOf(config.contentDir)
  // A running site keeps what it read from each post file, so that its next start parses only
  // the files that changed. Not in development, where dist/ (and its source hash) may be older
  // than the code that reads the posts.
  const parsed =
    options.pagesFor === 'site' && config.mode === 'production'
      ? new ParsedPosts({ file: path.join(config.siteDir, 'parsed-posts.json'), parser: build.sourceHash })
      : undefined
  const content = await openPostContent({
    blogDir,
    folder: options.repositoryRoot ? repositoryPath(options.repositoryRoot, blogDir) : blogDir,
    today: dayIn(config.timeZone, clock()),
    parsed,
    postFiles: options.postFiles,
    // A running site serves first and checks the content written by hand after (checkContent);
    // the build and an export check every file before they write a page.
    checkAtLoad: options.pagesFor === 'site' ? 'later' : 'now',
    logger,
  })
  // Started by the server once it listens (start.ts); the build renders the day it is built.
  const schedule = new PublishSchedule({ content, zone: config.timeZone, clock, logger })
  // Not needed to serve: written once the server listens (keepParsed; the first start writes
  // every post's entry and content, tens of MB at 10,000 posts: about 0.25 s of the main thread
  // before it listened, `npm run bench:start -- --cold`). Then the index reads the posts' content
  // from that file instead of holding it.
  let savingParsed: Promise<void> | null = null
  const keepParsed = (): Promise<void> =>
    (savingParsed ??=
      parsed
        ?.save()
        .then((kept) => content.contentKept(kept))
        .catch((error: unknown) => logger.warn(`Could not keep what was read from the post files: ${String(error)}`)) ?? Promise.resolve())
  // The site's copy (content/site/): before any page is rendered.
  const shownAs = (file: string) => (options.repositoryRoot ? repositoryPath(options.repositoryRoot, file) : file)
  const siteCopy = new SiteSource({ contentDir: config.contentDir, shownAs, logger, olderVersions: options.siteHistory })
  await siteCopy.load()
  const settings = renderSettingsOf(config)
  if (options.pagesFor === 'site' && build.settings && JSON.stringify(build.settings) !== JSON.stringify(settings)) {
    // Not an error, but it costs a render of every page at first start: say why.
    logger.info('dist/ was built with other settings (SITE_URL or a redirect URL): this site renders its pages itself instead of serving the build\'s')
  }
  // Production only: the lean path reads the post page's hooks from dist/server.
  const lean = config.mode === 'production' ? await prepareLeanRendering(config.distDir, settings, logger) : null
  const render = createPageRenderer({ posts: content.index, settings, lean, site: () => siteCopy.content() })
  const folders = pageFolders(config)
  const own = options.pagesFor === 'build' ? folders.build : options.pagesFor === 'site' ? folders.site : options.pagesFor
  // What is served from files: the build's (assets, public files, its pages) and the site's own pages.
  const fileCache = new FileCache({ roots: [folders.build.dir, own.dir] })
  const pages = buildPublicPages({
    content,
    siteCopy,
    // In development nothing is prerendered: every request renders with the current index.
    regenerate: config.mode === 'production',
    // The build and an export serve no one while they write: blocking writes cost them less CPU.
    files: new PageFiles({ dir: own.dir, onChange: (file) => fileCache.invalidate(file), blocking: options.pagesFor !== 'site' }),
    seed: options.pagesFor === 'site' ? folders.build : undefined,
    // The routes of the server build. In development nothing is prerendered: no list needed.
    publicPages: config.mode === 'production' ? await readPublicPages() : [],
    render,
    stateFile: own.stateFile,
    // Pages embed these settings: a new value renders them again at the next start.
    renderId: `${build.sourceHash}:${JSON.stringify(settings)}`,
    siteUrl: config.siteUrl,
    builtOn: build.builtAt.slice(0, 10),
    logger,
    catchUp: options.catchUp,
  })

  // The visitors' search: a running site keeps its own index in its folder, brought up to date in
  // the background after every change (the build and an export write theirs once, at the end).
  const search = options.pagesFor === 'site' ? siteSearchOf(config, content, logger) : null

  // Made on demand by the running site (the build makes none): the lead's upload warms a new image's.
  const media = new MediaVariants({ mediaDir: mediaDirOf(config.contentDir), variantsDir: variantsDirOf(config.siteDir), logger })

  const redirectsFile = redirectsFileOf(config.contentDir)
  const redirects = new RedirectsSource({ contentDir: config.contentDir, shownAs: options.repositoryRoot ? repositoryPath(options.repositoryRoot, redirectsFile) : redirectsFile, logger })

  let checking: Promise<CheckReport> | null = null
  let stopWatching = () => {}
  let stopWatchingCopy = () => {}
  return {
    content,
    /**
     * Keeps what was read from the post files (the parse cache), once; resolves when it is kept
     * and the index reads the posts' content from there. The server calls it once it listens.
     */
    keepParsed,
    /** Scheduled posts go live when their day begins (SITE_TIMEZONE). */
    schedule,
    pages,
    render,
    fileCache,
    /** The media library's variants (and its originals' files): `/media/…` (serve-media.ts). */
    media,
    /** content/redirects.yaml, read again when it changes. */
    redirects,
    /** The site's copy (content/site/), read again when a file changes. */
    siteCopy,
    /** The search index served at `/pagefind/` (a running site's; null for the build and an export), opened once the server listens. */
    search,
    /** The build's client files (assets, public files), served as they are. */
    assetsDir: folders.build.dir,
    /**
     * Checks the content of the posts read unchecked at start (BlogContent.checkContent), once
     * the parse cache is written, and keeps what it found there for the next start.
     */
    checkContent(): Promise<CheckReport> {
      checking ??= (async () => {
        await keepParsed()
        const report = await content.checkContent()
        await parsed?.save()
        return report
      })()
      return checking
    },
    /** Follows edits to the post files made by anyone (an editor, git by hand); the server's own saves are in the index already. */
    watch() {
      stopWatching = content.watch()
      stopWatchingCopy = siteCopy.watch()
    },
    async close() {
      // First: a check reads the posts' content from the parse cache's file, closed below; what
      // the checks found so far is kept for the next start.
      await content.stopChecking()
      await checking?.catch(() => {}) // logged by the server
      schedule.stop()
      await search?.index.close()
      stopWatching()
      stopWatchingCopy()
      await media.close()
      await pages.flush()
      await keepParsed()
      parsed?.close()
    },
  }
}

/**
 * The posts' index (BlogContent), loaded from the post files in `blogDir`, read by `postFiles`
 * (default a PostFiles; the build's reads on its worker threads too: build/render-workers.ts),
 * through the parse cache `parsed` when there is one (loaded first).
 */
export async function openPostContent(options: {
  blogDir: string
  /** The posts folder as the problems list names it (relative to the repository). */
  folder: string
  /** The site's day (`YYYY-MM-DD`): which posts are live. */
  today: string
  parsed?: ParsedPosts
  postFiles?: (deps: PostFilesDeps) => PostFiles
  /** When the content of posts that are not clean as written is checked (BlogContentDeps.checkAtLoad). */
  checkAtLoad?: CheckContent
  logger: Logger
}): Promise<BlogContent> {
  const { blogDir, parsed, logger } = options
  await parsed?.load()
  const files = options.postFiles?.({ blogDir, parsed }) ?? new PostFiles({ blogDir, parsed })
  const content = new BlogContent({ files, logger, folder: options.folder, today: options.today, checkAtLoad: options.checkAtLoad })
  await content.load()
  return content
}

/**
 * The site's pages over `content`: a post that fails to render is one of the content's problems,
 * each page is stamped with the site's copy it shows, and, when `regenerate`, every change to the
 * posts or the copy regenerates the pages it reaches.
 */
export function buildPublicPages(options: Omit<PublicPagesDeps, 'index' | 'onPostFailure' | 'siteStampOf'> & { content: BlogContent; siteCopy?: SiteSource; regenerate: boolean }): PublicPages {
  const { content, siteCopy, regenerate, ...deps } = options
  const pages = new PublicPages({
    ...deps,
    index: content.index,
    onPostFailure: (slug, reason) => content.reportRenderFailure(slug, reason),
    siteStampOf: siteCopy ? (url) => siteCopy.stampFor(url) : undefined,
  })
  if (regenerate) {
    content.onChange((change) => pages.applyChange(change).catch(() => {})) // failures are logged by the queue
    siteCopy?.onChange((names) => pages.applySiteChange(pagesShowing(names)).catch(() => {}))
  }
  return pages
}

/** A running site's search index (services/search/site-search.ts), told of every change, and the cache its files are read through. */
function siteSearchOf(config: Config, content: BlogContent, logger: Logger) {
  const build = buildSearchIndexOf(config.distDir)
  const folders = new SearchFolders(path.join(config.siteDir, 'search'))
  const index = new SiteSearch({ posts: content.index, folders, build, logger })
  // Not awaited by a save: changed() only sets a timer.
  content.onChange(() => void index.changed())
  return { index, cache: new FileCache({ roots: [folders.root, build.dir], maxBytes: 64 * 1024 * 1024 }) }
}

export type Site = Awaited<ReturnType<typeof openSite>>
