import { rm, writeFile } from 'node:fs/promises'
import { type BuildInfo, buildInfoPath } from '../build-info.ts'
import type { Config } from '../config.ts'
import { PostFiles } from '../content/post-files.ts'
import { blogDirOf } from '../content/post-paths.ts'
import type { Logger } from '../lib/logger.ts'
import { renderSettingsOf } from '../pages/render-page.ts'
import { buildSearchIndexOf } from '../search/search-folders.ts'
import { writeSearchIndexAt } from '../search/write-search-index.ts'
import { openSite, pageFolders } from '../compose/site.ts'
import { MIN_POSTS, RenderWorkers, ThreadedPostFiles, workerCount } from './render-workers.ts'
import { createProgress, type Progress } from './progress.ts'

/**
 * The second half of `npm run build` (after build/bundles.ts): renders every public page into
 * dist/client with the same code that regenerates pages at run time (services/pages/public-pages.ts),
 * so a build and a running site can never disagree, then records what the build was made from
 * (build-info.json, written last: a build that failed or was killed leaves none, and `npm start`
 * builds again).
 *
 * Why not vike's own prerender step: its hooks cannot receive the content index that the post
 * pages need, while vike's renderPage() can (pageContextInit).
 */
export async function prerenderPages(options: {
  config: Config
  sourceHash: string
  logger: Logger
  /** Where the progress line goes (stdout); its isTTY picks the form. */
  out: NodeJS.WritableStream & { isTTY?: boolean }
}): Promise<{ pages: number; loadMs: number; renderMs: number; workers: number; search: { records: number; ms: number } }> {
  const { config, logger } = options
  await rm(buildInfoPath(config.distDir), { force: true })
  const searchIndex = buildSearchIndexOf(config.distDir)
  await rm(searchIndex.stampFile, { force: true })
  const build: BuildInfo = { sourceHash: options.sourceHash, builtAt: new Date().toISOString(), settings: renderSettingsOf(config) }
  const started = performance.now()
  const folders = pageFolders(config)
  // Many posts: worker threads, started first, so that they start while this thread loads (render-workers.ts).
  const blogDir = blogDirOf(config.contentDir)
  const count = config.buildWorkers ?? ((await new PostFiles({ blogDir }).listFileNames().catch(() => [])).length >= MIN_POSTS ? workerCount() : 0)
  const workers = count > 0 ? new RenderWorkers({ distDir: config.distDir, pagesDir: folders.build.dir, blogDir, settings: renderSettingsOf(config) }, count) : null
  try {
    const site = await openSite({
      config: { ...config, mode: 'production' },
      build,
      logger,
      pagesFor: 'build',
      postFiles: workers ? (deps) => new ThreadedPostFiles(deps, workers) : undefined,
    })
    const loadMs = performance.now() - started
    // Made at the first page, which tells the total.
    const shown: { progress?: Progress } = {}
    const pages = await site.pages.generateAll({
      postPages: workers?.postPages(site.render, () => site.siteCopy.content()),
      onProgress(done, total) {
        shown.progress ??= createProgress({ total, out: options.out })
        shown.progress.update(done)
      },
    })
    shown.progress?.finish()
    const renderMs = performance.now() - started - loadMs
    // The visitors' search index of the same posts, which a running site serves while it is current (services/search/site-search.ts).
    const searchStarted = performance.now()
    const { records, stamp } = await writeSearchIndexAt(site.content.index, searchIndex.dir)
    await writeFile(searchIndex.stampFile, JSON.stringify({ stamp }))
    const searchMs = performance.now() - searchStarted
    await writeFile(buildInfoPath(config.distDir), JSON.stringify(build))
    return { pages, loadMs, renderMs, workers: count, search: { records, ms: searchMs } }
  } finally {
    await workers?.close()
  }
}
