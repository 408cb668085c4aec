/**
 * The folder table of the architecture (docs/architecture.md), held against every import of the
 * code: the shared floor (`core/`) imports nothing of the repository outside it, the pages and
 * their shell (`pages/`, `renderer/`) import no server code, and the server imports no page.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Which top-level folders each folder's code may import, besides its own and packages. */
const MAY_IMPORT: Record<string, string[]> = {
  core: [],
  renderer: ['core'],
  pages: ['core', 'renderer'],
  // The server renders pages with the renderer's shell only in its own pages/ and export/ folders.
  server: ['core'],
}
const SERVER_RENDERING = ['server/pages/', 'server/export/', 'server/build/']

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
}

/** Every relative import of `file`, as the repository-relative path it names. */
export function importsOf(file: string, text = readFileSync(path.join(ROOT, file), 'utf8')): string[] {
  return [...text.matchAll(IMPORT)].map((match) => path.normalize(path.join(path.dirname(file), match[1] ?? match[2] ?? match[3]!)))
}

function wrongWay(folder: string): string[] {
  const allowed = [folder, ...MAY_IMPORT[folder]!]
  return sourceFiles(folder).flatMap((file) =>
    importsOf(file)
      .filter((target) => {
        const top = target.split(path.sep)[0]!
        if (allowed.includes(top)) return false
        return !(top === 'renderer' && SERVER_RENDERING.some((prefix) => file.startsWith(prefix)))
      })
      .map((target) => `${file} → ${target}`),
  )
}

/**
 * The server's layers (docs/architecture.md, "The server's layers"): each imports only downward.
 * For each folder of server/, the folders above it, which it may never import. The entries at the
 * top (compose/, the build, the export, the importer, server/*.ts) may import every layer.
 */
const ENTRIES = ['compose', 'build', 'export', 'import']
const SERVER_ABOVE: Record<string, string[]> = {
  http: [...ENTRIES],
  services: [...ENTRIES, 'http'],
  content: [...ENTRIES, 'http', 'services'],
  accounts: [...ENTRIES, 'http', 'services'],
  pages: [...ENTRIES, 'http', 'services'],
  search: [...ENTRIES, 'http', 'services'],
  media: [...ENTRIES, 'http', 'services'],
  mail: [...ENTRIES, 'http', 'services'],
  'link-details': [...ENTRIES, 'http', 'services'],
  git: [...ENTRIES, 'http', 'services', 'content', 'accounts', 'pages', 'search', 'media', 'mail', 'link-details'],
  lib: [...ENTRIES, 'http', 'services', 'content', 'accounts', 'pages', 'search', 'media', 'mail', 'link-details', 'git'],
}

function upward(layer: string): string[] {
  return sourceFiles(`server/${layer}`).flatMap((file) =>
    importsOf(file)
      .filter((target) => target.startsWith(`server${path.sep}`) && SERVER_ABOVE[layer]!.includes(target.split(path.sep)[1]!))
      .map((target) => `${file} → ${target}`),
  )
}

describe("the server's layers import only downward", () => {
  it.each(Object.keys(SERVER_ABOVE))('server/%s/ imports no layer above it', (layer) => {
    expect(upward(layer)).toEqual([])
  })
})

describe('imports follow the folder table', () => {
  it.each(Object.keys(MAY_IMPORT))('%s/ imports only what it may', (folder) => {
    expect(wrongWay(folder)).toEqual([])
  })

  it('reads imports as the code writes them (a wrong-way import is seen)', () => {
    const text = "import type { Post } from '../server/content/post.ts'\nimport { x } from './y.ts'\nexport * from '../pages/z.ts'\nconst m = await import('../../server/a.ts')\nimport './side.ts'\n"
    expect(importsOf('renderer/blog/list.ts', text)).toEqual(['renderer/server/content/post.ts', 'renderer/blog/y.ts', 'renderer/pages/z.ts', 'server/a.ts', 'renderer/blog/side.ts'])
    expect(importsOf('core/post.ts', "import type { A } from '../server/config.ts'")).toEqual(['server/config.ts'])
  })
})
