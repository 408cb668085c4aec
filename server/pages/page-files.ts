import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Where a page's prerendered HTML lives in `dist/client`, as vike's prerender lays it out:
 * `/` → `index.html`, `/blog/x` → `blog/x/index.html`. Only paths made of safe characters
 * map to a file; anything else (`..`, `%00`, odd unicode) maps to nothing.
 */
export function pageFilePath(clientDir: string, urlPathname: string): string | null {
  if (!/^\/[a-z0-9/_-]*$/i.test(urlPathname) || urlPathname.includes('//')) return null
  const relative = urlPathname.replace(/^\/|\/$/g, '')
  return path.join(clientDir, relative, 'index.html')
}

/** Writes and deletes prerendered pages, atomically (temp file + rename): a reader never sees half a page. */
export class PageFiles {
  constructor(
    readonly clientDir: string,
    private readonly onChange: (filePath: string) => void = () => {},
  ) {}

  async write(urlPathname: string, html: string): Promise<void> {
    const file = this.fileFor(urlPathname)
    await mkdir(path.dirname(file), { recursive: true })
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
    await writeFile(temp, html)
    await rename(temp, file)
    this.onChange(file)
  }

  async remove(urlPathname: string): Promise<void> {
    const file = this.fileFor(urlPathname)
    await rm(file, { force: true })
    this.onChange(file)
  }

  private fileFor(urlPathname: string): string {
    // Documents such as /sitemap.xml are files of their own; pages are folders with index.html.
    if (/^\/[a-z0-9_-]+\.(xml|txt)$/.test(urlPathname)) return path.join(this.clientDir, urlPathname)
    const file = pageFilePath(this.clientDir, urlPathname)
    if (!file) throw new Error(`Not a page path: ${urlPathname}`)
    return file
  }
}
