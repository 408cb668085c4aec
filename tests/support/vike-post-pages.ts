/**
 * `node --import tsx <this file>` in a built project's folder, with the CONTENT_DIR and SITE_URL
 * the build had: prints (JSON, URL → HTML) the page of every live post as vike itself renders it
 * from the post files, through the whole of its renderPage() (the path the server takes for a
 * page the lean path does not answer), with the 404 line a post page carries. A child process
 * of its own because vike loads one dist/ per process.
 */
import path from 'node:path'
import { loadConfig } from '../../server/config.ts'
import { PostFiles } from '../../server/content/post-files.ts'
import { blogDirOf } from '../../server/content/post-paths.ts'
import { silentLogger } from '../../server/lib/logger.ts'
import { loadServerBuild, notFoundLineOf, renderSettingsOf, renderWithVike } from '../../server/pages/render-page.ts'
import { BlogContent } from '../../server/services/content/blog-content.ts'
import { postUrl } from '../../core/post-urls.ts'
import { dayIn } from '../../core/site-day.ts'

const root = process.cwd()
const config = loadConfig(process.env, root)
const content = new BlogContent({ files: new PostFiles({ blogDir: blogDirOf(config.contentDir) }), logger: silentLogger, today: dayIn(config.timeZone, new Date()) })
await content.load()
await loadServerBuild(path.join(root, 'dist'))
const pages: Record<string, string> = {}
for (const { slug } of content.index.list()) {
  const url = postUrl(slug)
  const page = await renderWithVike(url, content.index, renderSettingsOf(config), notFoundLineOf(url))
  if (page?.status !== 200) throw new Error(`vike answered ${page?.status ?? 'nothing'} for ${url}`)
  pages[url] = page.html
}
process.stdout.write(JSON.stringify(pages))
