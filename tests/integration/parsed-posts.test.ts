/**
 * What a start read from each post file is kept (server/content/parsed-posts.ts), so the next
 * start parses only files that changed: a kept file reads exactly as a parsed one, a changed
 * file or another parser is parsed again, and a file that cannot be read is never kept. A file
 * whose lstat is what it was when it was read is not even read: its content comes from the
 * content file kept beside (as git's index trusts a file's stat).
 */
import { cp, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ParsedPosts } from '../../server/content/parsed-posts.ts'
import { PostFiles, type ReadResult } from '../../server/content/post-files.ts'
import { readContent, type StoredPost } from '../../server/content/stored-content.ts'
import { FIXTURE_BLOG_DIR } from '../support/fixtures.ts'

let dir: string
let blogDir: string
let cacheFile: string
/** How far the starts' clock is ahead of the wall clock: ageFiles moves it past the racy window. */
let clockAhead = 0
const now = () => Date.now() + clockAhead

beforeEach(async () => {
  clockAhead = 0
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
  const parsed = new ParsedPosts({ file: cacheFile, parser, now })
  await parsed.load()
  const files = new PostFiles({ blogDir, parsed })
  const results = withText(await files.readMany(await files.listFileNames()))
  await parsed.save()
  parsed.close()
  return results
}

/** Each post's content as its readers get it: the text, also where the content file has it. */
function withText(results: Map<string, ReadResult>): Map<string, ReadResult> {
  return new Map([...results].map(([name, result]) => [name, 'content' in result ? { ...result, content: readContent(result.content) } : result]))
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
    // Served cleaned: its warning is kept with it.
    await writeFile(path.join(blogDir, 'served-cleaned.html'), noNewline.replace('slug: no-final-newline', 'slug: served-cleaned').replace('<p>', '<p onclick="x()">'))
    const parsedOnly = await new PostFiles({ blogDir }).readMany(await new PostFiles({ blogDir }).listFileNames())
    const first = await start()
    const second = await start()
    expect(first).toEqual(parsedOnly)
    expect(second).toEqual(parsedOnly)
    expect('error' in parsedOnly.get('broken.html')!).toBe(true)
    expect(parsedOnly.get('served-cleaned.html')).toMatchObject({ warning: expect.stringMatching(/^content has onclick="x\(\)" on <p>/) })
    const kept = Object.keys(await savedFiles())
    expect(kept).toContain('no-final-newline.html')
    expect(kept).toContain('two-final-newlines.html')
    expect(kept).toContain('served-cleaned.html')
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

  it('keeps a post read unchecked as unchecked, and what its check found once checked, for the next start', async () => {
    await writeFile(path.join(blogDir, 'styled.html'), '---\ntitle: Styled\nslug: styled\nsummary: S\npublishDate: 2024-05-01\nisPublished: true\n---\n<p style="color:red">Red</p>\n')
    const checkedNow = (await new PostFiles({ blogDir }).readMany(['styled.html'])).get('styled.html')
    expect(checkedNow).toMatchObject({ warning: expect.stringMatching(/^content has style="color:red" on <p> \(line 8\)/) })

    const startLater = async () => {
      const parsed = new ParsedPosts({ file: cacheFile, parser: 'build-1', now })
      await parsed.load()
      const files = new PostFiles({ blogDir, parsed })
      const read = await files.readMany(await files.listFileNames(), 'later')
      await parsed.save()
      return { parsed, files, read }
    }
    const first = await startLater()
    expect(first.read.get('styled.html')).toMatchObject({ unchecked: 8 })
    expect(first.read.get('styled.html')).not.toHaveProperty('warning')
    // Even content clean as written: its scan is left for later too.
    expect(first.read.get('watchio-faq.html')).toHaveProperty('unchecked')
    first.parsed.close()

    // Not checked before the site stopped: unchecked again at the next start; a read that checks now checks it.
    const second = await startLater()
    expect(second.read.get('styled.html')).toMatchObject({ unchecked: 8 })
    const styled = second.read.get('styled.html') as StoredPost
    const check = second.files.checkContent('styled.html', styled.version, readContent(styled.content), 8)
    expect(check).toEqual({ warning: (checkedNow as { warning: string }).warning })
    const entriesBefore = await readFile(`${cacheFile}.content`)
    await second.parsed.save()
    // Only the entries were written again: the content file is the same.
    expect(await readFile(`${cacheFile}.content`)).toEqual(entriesBefore)
    second.parsed.close()

    const third = await startLater()
    expect(third.read.get('styled.html')).toMatchObject({ warning: (checkedNow as { warning: string }).warning })
    expect(third.read.get('styled.html')).not.toHaveProperty('unchecked')
    // And a read that checks now reads it as a start with no cache does.
    expect(withText(await third.files.readMany(['styled.html']))).toEqual(withText(await new PostFiles({ blogDir }).readMany(['styled.html'])))
    third.parsed.close()
  })

  it('forgets files that are gone', async () => {
    await start()
    await rm(path.join(blogDir, 'watchio-faq.html'))
    await start()
    expect(Object.keys(await savedFiles())).not.toContain('watchio-faq.html')
  })

  describe('files whose lstat is unchanged', () => {
    /** Times well in the past: a file changed just now is read again at the next start (racily clean). */
    async function ageFiles(): Promise<void> {
      const past = new Date(Date.now() - 60_000)
      for (const name of await readdir(blogDir)) await utimes(path.join(blogDir, name), past, past)
      // ctime follows the utimes call itself: the starts' clock moves past the racy window (2 s) instead.
      clockAhead = 2100
    }

    /** Replaces `from` by `to` (the same length) in the kept content file: what a start that reads it shows. */
    async function tamperKeptContent(from: string, to: string): Promise<void> {
      const file = `${cacheFile}.content`
      const bytes = await readFile(file)
      const at = bytes.indexOf(from)
      expect(at).toBeGreaterThan(0)
      bytes.write(to, at)
      await writeFile(file, bytes)
    }

    it('reads as the file does, from the kept content, without reading the file', async () => {
      await ageFiles()
      const parsedOnly = await new PostFiles({ blogDir }).readMany(await new PostFiles({ blogDir }).listFileNames())
      expect(await start()).toEqual(parsedOnly)
      expect(await start()).toEqual(parsedOnly)
      const faq = parsedOnly.get('watchio-faq.html') as { content: string }
      const word = faq.content.match(/[a-z]{6,}/)![0]
      await tamperKeptContent(word, word.toUpperCase())
      const next = await start()
      expect((next.get('watchio-faq.html') as { content: string }).content).toContain(word.toUpperCase())
    })

    it('reads a file again when it changed, even to the same size with its mtime put back', async () => {
      await ageFiles()
      await start()
      const file = path.join(blogDir, 'watchio-faq.html')
      const before = await stat(file)
      const text = await readFile(file, 'utf8')
      const edited = text.replace(/^title: (.)/m, (_line, first: string) => `title: ${first === 'X' ? 'Y' : 'X'}`)
      expect(edited.length).toBe(text.length)
      await writeFile(file, edited)
      await utimes(file, before.atime, before.mtime)
      const next = await start()
      expect((next.get('watchio-faq.html') as { title: string }).title).toBe(edited.match(/^title: (.*)$/m)![1])
    })

    it('gives the content as a place in the content file, not as text, and that place keeps its bytes', async () => {
      await ageFiles()
      const parsedOnly = await new PostFiles({ blogDir }).readMany(await new PostFiles({ blogDir }).listFileNames())
      const first = new ParsedPosts({ file: cacheFile, parser: 'build-1', now })
      await first.load()
      const firstFiles = new PostFiles({ blogDir, parsed: first })
      const parsedNow = await firstFiles.readMany(await firstFiles.listFileNames())
      // Parsed, the text; once saved, where the new content file has each post's content.
      expect([...parsedNow.values()].every((result) => !('content' in result) || typeof result.content === 'string')).toBe(true)
      const kept = await first.save()
      expect([...kept.keys()].sort()).toEqual([...parsedOnly.keys()].sort())
      for (const [name, { version, content }] of kept) {
        expect(parsedOnly.get(name)).toMatchObject({ version, content: readContent(content) })
      }

      const next = new ParsedPosts({ file: cacheFile, parser: 'build-1', now })
      await next.load()
      const files = new PostFiles({ blogDir, parsed: next })
      const read = await files.readMany(await files.listFileNames())
      const faq = read.get('watchio-faq.html') as { content: unknown }
      expect(typeof faq.content).toBe('object')
      expect(readContent(faq.content as Parameters<typeof readContent>[0])).toBe((parsedOnly.get('watchio-faq.html') as { content: string }).content)
      // A later save writes a new content file in its place: what was read from the old one reads the same.
      const edited = path.join(blogDir, 'introducing-watchio.html')
      await writeFile(edited, (await readFile(edited, 'utf8')).replace(/^title: .*$/m, 'title: Edited since'))
      await start()
      expect(readContent(faq.content as Parameters<typeof readContent>[0])).toBe((parsedOnly.get('watchio-faq.html') as { content: string }).content)
      first.close()
      next.close()
      expect(() => readContent(faq.content as Parameters<typeof readContent>[0])).toThrow(/closed/)
    })

    it('never uses a content file written for other entries', async () => {
      await ageFiles()
      await start()
      const saved = JSON.parse(await readFile(cacheFile, 'utf8')) as { contentToken: string }
      await writeFile(cacheFile, JSON.stringify({ ...saved, contentToken: '00'.repeat(16) }))
      const parsedOnly = await new PostFiles({ blogDir }).readMany(await new PostFiles({ blogDir }).listFileNames())
      expect(await start()).toEqual(parsedOnly)
    })
  })
})
