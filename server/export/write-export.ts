/**
 * `npm run export`: the whole public site as static files, made by the code that serves it, so
 * every byte is what the running server answers for the same content and settings: the pages,
 * sitemap, robots.txt and feeds by PublicPages (as the build prerenders them, for the content as it
 * is now), the 404 pages by the same renderer, the public API's bodies by public-api.ts, the media
 * variants by MediaVariants (kept in the site's own folder, so the next export encodes only new
 * images), the build's assets as they are. Beside them, nginx.conf, _headers and _redirects made from
 * the server's own header and caching rules. Written into a staging folder, then moved into place
 * whole (export-folder.ts).
 */
import { constants } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { avUrl } from '../../core/av-media.ts'
import { mediaUrl, variantUrl, variantWidthsOf } from '../../core/media-urls.ts'
import type { BuildInfo } from '../build-info.ts'
import type { Config } from '../config.ts'
import { FILE_TYPES } from '../http/file-cache.ts'
import { listBodyOf, postBodyOf } from '../http/public-api.ts'
import { pageFrames, pageRunsSearch, securityHeadersOf } from '../http/security-headers.ts'
import { moveFile, replaceFolder } from '../lib/atomic-write.ts'
import type { Logger } from '../lib/logger.ts'
import { readLibraryFiles } from '../media/media-files.ts'
import { mediaDirOf } from '../media/media-folder.ts'
import type { VariantFormat } from '../media/variant-format.ts'
import { isDocumentPath, isPageFile } from '../pages/page-files.ts'
import { writeSearchIndexAt } from '../search/write-search-index.ts'
import { openSite, pageFolders, type Site } from '../compose/site.ts'
import { checkExportFolder, createStaging } from './export-folder.ts'
import {
  API_LIST_FILE,
  apiPostFile,
  EXPORT_MARKER,
  NEGOTIATED_FORMATS,
  negotiatedSibling,
  NOT_FOUND_FILE,
  NOT_FOUND_URL,
  POST_NOT_FOUND_FILE,
  POST_NOT_FOUND_URL,
  pageContextUrlOf,
  pageFileOf,
  TAG_NOT_FOUND_FILE,
  TAG_NOT_FOUND_URL,
} from './export-layout.ts'
import { type FramingPage, renderNginxConfig } from './nginx-config.ts'
import { servingRules } from './serving-rules.ts'
import { renderHeadersFile, renderRedirectsFile } from './static-host-files.ts'

export type ExportKind = 'pages' | 'api' | 'assets' | 'media' | 'variants' | 'search' | 'hosting'

/** The search index's folder in an export (`/pagefind/`), made from the exported posts; the build's is not copied. */
const SEARCH_FOLDER = 'pagefind'

export interface ExportResult {
  /** The export's folder, resolved. */
  out: string
  /** Files and bytes written, by kind. */
  written: Record<ExportKind, { files: number; bytes: number }>
  milliseconds: number
}

export async function exportSite(options: { config: Config; build: BuildInfo; logger: Logger; out: string }): Promise<ExportResult> {
  const { config, build, logger } = options
  const started = performance.now()
  const out = await checkExportFolder({ out: options.out, contentDir: config.contentDir })
  const staging = await createStaging(out)
  const written = Object.fromEntries(
    (['pages', 'api', 'assets', 'media', 'variants', 'search', 'hosting'] as const).map((kind) => [kind, { files: 0, bytes: 0 }]),
  ) as ExportResult['written']
  const put = async (kind: ExportKind, relative: string, data: string | Buffer) => {
    const target = path.join(staging, relative)
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, data)
    written[kind].files++
    written[kind].bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.length
  }
  const copy = async (kind: ExportKind, from: string, relative: string) => {
    const target = path.join(staging, relative)
    await mkdir(path.dirname(target), { recursive: true })
    // A reflink where the file system has them, else a copy.
    await copyFile(from, target, constants.COPYFILE_FICLONE)
    written[kind].files++
    written[kind].bytes += (await stat(target)).size
  }

  try {
    // Rendered into a folder of the staging area (vike's layout), then moved to the export's.
    const rendered = { dir: path.join(staging, '.pages'), stateFile: path.join(staging, '.pages.json') }
    const site = await openSite({ config: { ...config, mode: 'production' }, build, logger, pagesFor: rendered })
    let pageUrls: string[]
    let redirectTable: ReadonlyMap<string, string>
    try {
      redirectTable = await site.redirects.table()
      await site.pages.generateAll()
      pageUrls = await movePages(rendered.dir, staging, (kind, bytes) => ((written[kind].files += 1), (written[kind].bytes += bytes)))
      await writePageContexts(site, pageUrls, put)
      await writeNotFoundPages(site, put)
      await put('api', API_LIST_FILE, listBodyOf(site.content.index).body)
      for (const { slug } of site.content.index.list()) {
        const post = site.content.index.get(slug)
        if (post) await put('api', apiPostFile(slug), postBodyOf(post).body)
      }
      await exportMedia(site, config, copy)
      const search = path.join(staging, SEARCH_FOLDER)
      await writeSearchIndexAt(site.content.index, search)
      for (const relative of await filesUnder(search)) {
        written.search.files++
        written.search.bytes += (await stat(path.join(search, relative))).size
      }
    } finally {
      await site.close()
    }
    await rm(rendered.dir, { recursive: true, force: true })
    await rm(rendered.stateFile, { force: true })

    const assets = await exportAssets(pageFolders(config).build.dir, copy)
    const rules = servingRules()
    // Pages and files win over a redirect, as on the server (and on Netlify and Cloudflare Pages, which never shadow a file).
    const served = new Set([...pageUrls, ...assets.map((relative) => `/${relative}`)])
    const redirects = [...redirectTable].filter(([from]) => !served.has(from)).map(([from, to]) => ({ from, to }))
    await put('hosting', 'nginx.conf', renderNginxConfig(rules, redirects, await framingPagesOf(staging, pageUrls)))
    await put('hosting', '_redirects', renderRedirectsFile(rules, redirects))
    const topPages = pageUrls.filter((url) => !url.startsWith('/blog/') && !isDocumentPath(url))
    const documents = pageUrls.filter((url) => isDocumentPath(url) && !url.startsWith('/blog/')).map((url) => ({ name: url.slice(1), folder: false, type: FILE_TYPES[path.extname(url)] }))
    await put('hosting', '_headers', renderHeadersFile({ rules, topPages, topFiles: [...topFilesOf(assets), ...documents] }))
    const result: ExportResult = { out, written, milliseconds: Math.round(performance.now() - started) }
    await writeFile(path.join(staging, EXPORT_MARKER), JSON.stringify({ exportedAt: new Date().toISOString(), siteUrl: config.siteUrl, build: build.sourceHash, written }, null, 2) + '\n')
    await replaceFolder(staging, out)
    result.milliseconds = Math.round(performance.now() - started)
    return result
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    throw error
  }
}

/** Moves each rendered page from vike's layout (`blog/x/index.html`) to the export's (`blog/x.html`); answers their URL paths. */
async function movePages(from: string, staging: string, count: (kind: ExportKind, bytes: number) => void): Promise<string[]> {
  const urls: string[] = []
  for (const relative of await filesUnder(from)) {
    const url = relative === 'index.html' ? '/' : relative.endsWith('/index.html') ? `/${relative.slice(0, -'/index.html'.length)}` : `/${relative}`
    const target = path.join(staging, pageFileOf(url))
    await mkdir(path.dirname(target), { recursive: true })
    // Not durable, as no file the export writes is: what a power cut loses, the next export writes again.
    await moveFile(path.join(from, relative), target)
    count('pages', (await stat(target)).size)
    urls.push(url)
  }
  return urls.sort()
}

/**
 * The pages that embed a video or run the search, with the policy that lets each frame its player
 * or run WebAssembly (the server's: pageFrames, pageRunsSearch).
 */
async function framingPagesOf(staging: string, pageUrls: string[]): Promise<FramingPage[]> {
  const pages: FramingPage[] = []
  for (const url of pageUrls.filter((url) => !isDocumentPath(url))) {
    const html = await readFile(path.join(staging, pageFileOf(url)))
    const frames = pageFrames(FILE_TYPES['.html']!, html)
    const wasm = pageRunsSearch(FILE_TYPES['.html']!, html)
    if (frames.length > 0 || wasm) pages.push({ path: url, policy: securityHeadersOf('production', frames, wasm)['Content-Security-Policy']! })
  }
  return pages
}

/** Each page's `index.pageContext.json`, as the server answers it to vike's client routing. */
async function writePageContexts(site: Site, pageUrls: string[], put: (kind: ExportKind, relative: string, data: string) => Promise<void>): Promise<void> {
  for (const url of pageUrls.filter((url) => !isDocumentPath(url))) {
    const pageContext = pageContextUrlOf(url)
    const answer = await site.render(pageContext)
    if (answer?.status !== 200) throw new Error(`Rendering ${pageContext} answered ${answer?.status ?? 'nothing'}`)
    await put('pages', pageContext.slice(1), answer.html)
  }
}

/**
 * The 404 page, Post Not Found for `/blog/<anything>`, and the 404 page again for
 * `/blog/tag/<anything>` (static hosts serve the nearest 404.html), unless a post or a tag is at
 * that very file: its page wins, as on the server.
 */
async function writeNotFoundPages(site: Site, put: (kind: ExportKind, relative: string, data: string) => Promise<void>): Promise<void> {
  for (const [url, file] of [
    [NOT_FOUND_URL, NOT_FOUND_FILE],
    [POST_NOT_FOUND_URL, POST_NOT_FOUND_FILE],
    [TAG_NOT_FOUND_URL, TAG_NOT_FOUND_FILE],
  ] as const) {
    // One file for every visit: its not-found line is picked by the browser (SPEC §2: at random).
    const page = await site.render(url, { lineInBrowser: true })
    // A post or a tag named "404": its page is at that very file, written with the other pages.
    if (page?.status === 200) continue
    if (page?.status !== 404) throw new Error(`Rendering ${url} for ${file} answered ${page?.status ?? 'nothing'}, not 404`)
    await put('pages', file, page.html)
  }
}

/**
 * The library's originals, and every variant of each (each width, in the original's format and in
 * AVIF and WebP beside it), made by the running site's own MediaVariants in its folder: made once.
 */
async function exportMedia(site: Site, config: Config, copy: (kind: ExportKind, from: string, relative: string) => Promise<void>): Promise<void> {
  // Videos, audio and captions as they are: a static host answers their ranges itself.
  const { images, avs } = await readLibraryFiles(mediaDirOf(config.contentDir))
  for (const { media, file } of avs) await copy('media', file, avUrl(media).slice(1))
  for (const { media, file } of images) {
    await copy('media', file, mediaUrl(media).slice(1))
    if (media.ext === 'gif') continue // maybe animated: no variants, as the server
    const original: VariantFormat = media.ext === 'png' ? 'png' : 'jpeg'
    const jobs = variantWidthsOf(media).flatMap((width) =>
      [original, ...NEGOTIATED_FORMATS].map(async (format) => {
        const made = await site.media.get(media, width, format, { background: true })
        if (!made) throw new Error(`No ${format} variant ${width} px of ${mediaUrl(media)}`)
        const relative = variantUrl(media, width).slice(1)
        return { from: made.file, to: format === original ? relative : negotiatedSibling(relative, format as (typeof NEGOTIATED_FORMATS)[number]) }
      }),
    )
    for (const { from, to } of await Promise.all(jobs)) await copy('variants', from, to)
  }
}

/** The build's client files but its prerendered pages (the export renders its own): answers their relative paths. */
async function exportAssets(clientDir: string, copy: (kind: ExportKind, from: string, relative: string) => Promise<void>): Promise<string[]> {
  const copied: string[] = []
  for (const relative of await filesUnder(clientDir)) {
    if (isPageFile(`/${relative}`) || relative.startsWith(`${SEARCH_FOLDER}/`)) continue
    await copy('assets', path.join(clientDir, relative), relative)
    copied.push(relative)
  }
  return copied
}

/** The top-level public files and folders among the assets (`favicon.svg`, `images/`), `assets/` aside. */
function topFilesOf(assets: string[]): { name: string; folder: boolean; type?: string }[] {
  const top = new Map<string, boolean>()
  for (const relative of assets) {
    const [first, ...rest] = relative.split('/')
    if (first && first !== 'assets') top.set(first, rest.length > 0)
  }
  return [...top].sort().map(([name, folder]) => ({ name, folder }))
}

/** Every file below `dir`, as `/`-separated paths relative to it, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
}
