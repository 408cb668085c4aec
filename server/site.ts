import path from 'node:path'
import type { BuildInfo } from './build-info.ts'
import type { Config } from './config.ts'
import { PostFiles } from './content/post-files.ts'
import { watchFolder } from './content/watch-folder.ts'
import { FileCache } from './http/file-cache.ts'
import type { Logger } from './logger.ts'
import { PageFiles } from './pages/page-files.ts'
import { createPageRenderer, loadServerBuild } from './pages/render-page.ts'
import { BlogContent } from './services/blog-content.ts'
import { SitePages } from './services/site-pages.ts'

/**
 * The content and the pages made from it, wired together: the index loaded from the post
 * files, the prerendered pages in `dist/client`, and (when watching) every change to the
 * files reaching the index, the caches and the pages within a moment.
 */
export async function openSite(options: {
  config: Config
  /** What dist/ was built from and when: pages are stamped with it. */
  build: BuildInfo
  logger: Logger
  clientDir?: string
  /** The content repository's root: problems with post files name them relative to it. */
  repositoryRoot?: string
}) {
  const { config, build, logger } = options
  if (config.mode === 'production') await loadServerBuild(config.distDir)
  const blogDir = path.join(config.contentDir, 'blog')
  const folder = options.repositoryRoot ? path.relative(options.repositoryRoot, blogDir).split(path.sep).join('/') : blogDir
  const content = new BlogContent({ files: new PostFiles(blogDir), logger, folder })
  await content.load()
  const settings = { siteUrl: config.siteUrl, redirectTargets: config.redirectTargets }
  const render = createPageRenderer({ posts: content.index, settings })
  const fileCache = new FileCache()
  const clientDir = options.clientDir ?? path.join(config.distDir, 'client')
  const pages = new SitePages({
    files: new PageFiles(clientDir, (file) => fileCache.invalidate(file)),
    render,
    index: content.index,
    // Beside the pages it describes, but not inside the folder that is served.
    stateFile: path.join(path.dirname(clientDir), `${path.basename(clientDir)}-pages.json`),
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
    clientDir,
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
