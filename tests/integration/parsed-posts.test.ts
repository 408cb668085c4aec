/**
 * What a start read from each post file is kept (server/content/parsed-posts.ts), so the next
 * start parses only files that changed: a kept file reads exactly as a parsed one, a changed
 * file or another parser is parsed again, and a file that cannot be read is never kept.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ParsedPosts } from '../../server/content/parsed-posts.ts'
import { PostFiles, type ReadResult } from '../../server/content/post-files.ts'
import { FIXTURE_BLOG_DIR } from '../support/fixtures.ts'

let dir: string
let blogDir: string
let cacheFile: string

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'watchio-parsed-'))
  blogDir = path.join(dir, 'blog')
  cacheFile = path.join(dir, 'site', 'parsed-posts.json')
  await cp(FIXTURE_BLOG_DIR, blogDir, { recursive: true })
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** One start: the files read with what the last one kept, then what this one read saved. */
async function start(parser = 'build-1'): Promise<Map<string, ReadResult>> {
  const parsed = new ParsedPosts({ file: cacheFile, parser })
  await parsed.load()
  const files = new PostFiles({ blogDir, parsed })
  const results = await files.readMany(await files.listFileNames())
  await parsed.save()
  return results
}

async function savedFiles(): Promise<Record<string, { fields: { title: string } }>> {
  return (JSON.parse(await readFile(cacheFile, 'utf8')) as { files: Record<string, { fields: { title: string } }> }).files
}

describe('the posts a start read, kept for the next', () => {
  it('reads every file as parsing it does, CRLF, odd endings and broken files included', async () => {
    await writeFile(path.join(blogDir, 'windows-lines.html'), (await readFile(path.join(blogDir, 'watchio-faq.html'), 'utf8')).replace('slug: watchio-faq', 'slug: windows-lines').replace(/\n/g, '\r\n'))
    const noNewline = (await readFile(path.join(blogDir, 'introducing-watchio.html'), 'utf8')).replace('slug: introducing-watchio', 'slug: no-final-newline').replace(/\n+$/, '')
    await writeFile(path.join(blogDir, 'no-final-newline.html'), noNewline)
    await writeFile(path.join(blogDir, 'two-final-newlines.html'), `${noNewline.replace('slug: no-final-newline', 'slug: two-final-newlines')}\n\n`)
    await writeFile(path.join(blogDir, 'broken.html'), '---\ntitle: [unclosed\n---\n<p>x</p>\n')
    const parsedOnly = await new PostFiles({ blogDir }).readMany(await new PostFiles({ blogDir }).listFileNames())
    const first = await start()
    const second = await start()
    expect(first).toEqual(parsedOnly)
    expect(second).toEqual(parsedOnly)
    expect('error' in parsedOnly.get('broken.html')!).toBe(true)
    const kept = Object.keys(await savedFiles())
    expect(kept).toContain('no-final-newline.html')
    expect(kept).toContain('two-final-newlines.html')
    expect(kept).not.toContain('broken.html')
    expect(kept).not.toContain('windows-lines.html')
  })

  it('is what an unchanged file reads as at the next start; a changed file, or another parser, is parsed again', async () => {
    await start()
    // Proof that the kept entry is used: one the parser would never give.
    const saved = JSON.parse(await readFile(cacheFile, 'utf8')) as { files: Record<string, { fields: { title: string } }> }
    saved.files['watchio-faq.html']!.fields.title = 'Kept, not parsed'
    saved.files['introducing-watchio.html']!.fields.title = 'Kept, not parsed'
    await writeFile(cacheFile, JSON.stringify(saved))
    const edited = path.join(blogDir, 'introducing-watchio.html')
    await writeFile(edited, (await readFile(edited, 'utf8')).replace(/^title: .*$/m, 'title: Edited since'))

    const next = await start()
    expect(next.get('watchio-faq.html')).toMatchObject({ title: 'Kept, not parsed' })
    expect(next.get('introducing-watchio.html')).toMatchObject({ title: 'Edited since' })

    const otherBuild = await start('build-2')
    expect((otherBuild.get('watchio-faq.html') as { title: string }).title).not.toBe('Kept, not parsed')
    expect((await savedFiles())['watchio-faq.html']!.fields.title).not.toBe('Kept, not parsed')
  })

  it('forgets files that are gone', async () => {
    await start()
    await rm(path.join(blogDir, 'watchio-faq.html'))
    await start()
    expect(Object.keys(await savedFiles())).not.toContain('watchio-faq.html')
  })
})
