import path from 'node:path'
import type { BuildInfo } from './build-info.ts'
import type { Config } from './config.ts'
import { PostFiles } from './content/post-files.ts'
import { watchFolder } from './content/watch-folder.ts'
import { FileCache } from './http/file-cache.ts'
import type { Logger } from './lib/logger.ts'
import { PageFiles } from './pages/page-files.ts'
import { readPublicPages } from './pages/page-routes.ts'
import { createPageRenderer, loadServerBuild, renderSettingsOf } from './pages/render-page.ts'
import { BlogContent } from './services/blog-content.ts'
import { PublicPages } from './services/public-pages.ts'

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
  /** `build`: prerender into dist/client (npm run build). `site`: a running site's own folder. */
  pagesFor: 'build' | 'site'
  /** The content repository's root: problems with post files name them relative to it. */
  repositoryRoot?: string
}) {
  const { config, build, logger } = options
  if (config.mode === 'production') await loadServerBuild(config.distDir)
  const blogDir = path.join(config.contentDir, 'blog')
  const folder = options.repositoryRoot ? path.relative(options.repositoryRoot, blogDir).split(path.sep).join('/') : blogDir
  const content = new BlogContent({ files: new PostFiles(blogDir), logger, folder })
  await content.load()
  const settings = renderSettingsOf(config)
  if (options.pagesFor === 'site' && build.settings && JSON.stringify(build.settings) !== JSON.stringify(settings)) {
    // Not an error, but it costs a render of every page at first start: say why.
    logger.info('dist/ was built with other settings (SITE_URL or a redirect URL): this site renders its pages itself instead of serving the build\'s')
  }
  const render = createPageRenderer({ posts: content.index, settings })
  const fileCache = new FileCache()
  const folders = pageFolders(config)
  const own = options.pagesFor === 'build' ? folders.build : folders.site
  const pages = new PublicPages({
    files: new PageFiles({ dir: own.dir, onChange: (file) => fileCache.invalidate(file) }),
    seed: options.pagesFor === 'site' ? folders.build : undefined,
    // The routes of the server build. In development nothing is prerendered: no list needed.
    publicPages: config.mode === 'production' ? await readPublicPages() : [],
    render,
    index: content.index,
    stateFile: own.stateFile,
    // Pages embed these settings: a new value renders them again at the next start.
    renderId: `${build.sourceHash}:${JSON.stringify(settings)}`,
    siteUrl: config.siteUrl,
    builtOn: build.builtAt.slice(0, 10),
    logger,
  })
  // In development nothing is prerendered: every request renders with the current index.
  if (config.mode === 'production') content.onChange((change) => pages.applyChange(change).catch(() => {})) // failures are logged by the queue

  let stopWatching = () => {}
  return {
    content,
    pages,
    render,
    fileCache,
    /** The build's client files (assets, public files), served as they are. */
    assetsDir: folders.build.dir,
    /** Follows edits to the post files made by anyone (an editor, a git pull). */
    watch() {
      stopWatching = watchFolder({
        dir: blogDir,
        settleMs: 100,
        onChange: (names) => {
          content.reload(names).catch((error) => logger.error('Reloading posts failed', error))
        },
        onError: (error) => logger.error('Watching the posts folder failed', error),
      })
    },
    async close() {
      stopWatching()
      await pages.flush()
    },
  }
}
