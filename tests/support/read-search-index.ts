/** What a Pagefind index folder holds, read from its files: its page count, and each fragment's URL, title, date, mark and text. */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'

export interface IndexedFragment {
  url: string
  content: string
  meta: { title: string; date: string; delta?: string }
}

export async function readSearchIndex(folder: string): Promise<{ pages: number; fragments: IndexedFragment[] }> {
  const entry = JSON.parse(await readFile(path.join(folder, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> }
  const fragments = await Promise.all(
    (await readdir(path.join(folder, 'fragment')).catch(() => [] as string[])).map(async (name) => {
      const text = gunzipSync(await readFile(path.join(folder, 'fragment', name))).toString('utf8')
      return JSON.parse(text.slice('pagefind_dcd'.length)) as IndexedFragment
    }),
  )
  return { pages: entry.languages.en?.page_count ?? 0, fragments: fragments.sort((a, b) => (a.url < b.url ? -1 : 1)) }
}
