/**
 * `node --import tsx <this file>` in a built project's folder, with a CONTENT_DIR: prints (JSON,
 * key → HTML) the site's pages that are not posts as vike renders them, with the site's copy read
 * from CONTENT_DIR's site/ as a running site reads it, the not-found page once per line. A child
 * process of its own because vike loads one dist/ per process.
 */
import path from 'node:path'
import { loadConfig } from '../../server/config.ts'
import { PostFiles } from '../../server/content/post-files.ts'
import { blogDirOf } from '../../server/content/post-paths.ts'
import { SiteSource } from '../../server/content/site-source.ts'
import { silentLogger } from '../../server/lib/logger.ts'
import { loadServerBuild, renderSettingsOf, renderWithVike } from '../../server/pages/render-page.ts'
import { BlogContent } from '../../server/services/content/blog-content.ts'
import { dayIn } from '../../core/site-day.ts'

const URLS = ['/', '/pricing', '/partnerships', '/legal', '/watchio', '/referral', '/blog', '/feedback']
const NOT_FOUND_LINES = 15

const root = process.cwd()
const config = loadConfig(process.env, root)
const content = new BlogContent({ files: new PostFiles({ blogDir: blogDirOf(config.contentDir) }), logger: silentLogger, today: dayIn(config.timeZone, new Date()) })
await content.load()
const copy = new SiteSource({ contentDir: config.contentDir, logger: silentLogger })
await copy.load()
const site = copy.content()
await loadServerBuild(path.join(root, 'dist'))
const settings = renderSettingsOf(config)
const pages: Record<string, string> = {}
for (const url of URLS) {
  const page = await renderWithVike(url, content.index, settings, 0, site)
  if (page?.status !== 200) throw new Error(`vike answered ${page?.status ?? 'nothing'} for ${url}`)
  pages[url] = page.html
}
for (let line = 0; line < NOT_FOUND_LINES; line++) {
  const page = await renderWithVike('/no-such-page', content.index, settings, line, site)
  if (page?.status !== 404) throw new Error(`vike answered ${page?.status ?? 'nothing'} for a missing page`)
  pages[`404:${line}`] = page.html
}
process.stdout.write(JSON.stringify(pages))
