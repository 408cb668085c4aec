import { describe, expect, it } from 'vitest'
import { checkPostContent } from '../../server/content/content-check.ts'
import { type CheckContent, type ReadResult, readPostBytes } from '../../server/content/post-files.ts'
import { silentLogger } from '../../server/lib/logger.ts'
import { BlogContent } from '../../server/services/content/blog-content.ts'

/** A posts folder in memory: BlogContent reads it as it would the disk, in the order asked. */
class MemoryFiles {
  readonly blogDir = '/repo/content/blog'
  readonly texts = new Map<string, string>()
  /** Read results come back in this order: the same files read in another order must give the same site. */
  reverse = false

  async listFileNames(): Promise<string[]> {
    return [...this.texts.keys()]
  }

  /** Nothing here is written by a save: every file is read. */
  written(): ReadResult {
    throw new Error('MemoryFiles has no saves')
  }

  asWritten(): boolean {
    return false
  }

  async readMany(names: string[], checkContent: CheckContent = 'now'): Promise<Map<string, ReadResult>> {
    const ordered = this.reverse ? [...names].reverse() : names
    return new Map(
      ordered.map((name) => {
        const text = this.texts.get(name)
        return [name, text === undefined ? { missing: true } : readPostBytes(name, Buffer.from(text), undefined, undefined, checkContent)]
      }),
    )
  }

  /** The files whose content was checked after they were read, in order. */
  readonly checked: string[] = []
  /** Called after each check with how many there were. */
  onCheck: (count: number) => void = () => {}

  checkContent(fileName: string, _version: string, content: string, contentLine: number) {
    this.checked.push(fileName)
    this.onCheck(this.checked.length)
    return checkPostContent(fileName, content, contentLine)
  }
}

function postText(slug: string, fields: Record<string, string> = {}, content = '<p>Hello</p>'): string {
  const all: Record<string, string> = { title: `Title of ${slug}`, slug, summary: 'S', publishDate: '2025-01-01', isPublished: 'true', ...fields }
  return `---\n${Object.entries(all).map(([key, value]) => `${key}: ${value}\n`).join('')}---\n${content}\n`
}

async function loaded(texts: Record<string, string>, options: { reverse?: boolean; checkAtLoad?: CheckContent } = {}) {
  const files = new MemoryFiles()
  files.reverse = options.reverse ?? false
  for (const [name, text] of Object.entries(texts)) files.texts.set(name, text)
  const content = new BlogContent({ files, logger: silentLogger, folder: 'content/blog', checkAtLoad: options.checkAtLoad })
  await content.load()
  return { files, content }
}

const slugs = (content: BlogContent) => content.index.all().map((post) => post.slug).sort()

describe('BlogContent.problems: every file the site cannot read, with its path and why', () => {
  it('lists broken files by repository path, sorted, and reads the rest', async () => {
    const { content } = await loaded({
      'good.html': postText('good'),
      'no-title.html': postText('no-title', { title: '' }),
      'broken-yaml.html': '---\ntitle: [unclosed\n---\n<p>x</p>\n',
      'unsafe.html': postText('unsafe', {}, '<p>a</p>\n<p onclick="x()">b</p>'),
      'Not A Slug.html': postText('good'),
    })
    // A file the sanitizer would change is on the site, served cleaned, and listed as a warning.
    expect(slugs(content)).toEqual(['good', 'unsafe'])
    expect(content.problems()).toEqual([
      { path: 'content/blog/Not A Slug.html', reason: expect.stringMatching(/^file name must be the post’s slug/) },
      { path: 'content/blog/broken-yaml.html', reason: expect.stringMatching(/^front matter is not valid YAML/) },
      { path: 'content/blog/no-title.html', reason: 'title is empty' },
      {
        path: 'content/blog/unsafe.html',
        reason: 'content has onclick="x()" on <p> (line 9), which the sanitizer would remove: the site shows it without that, and the next save writes the cleaned form',
        severity: 'warning',
      },
    ])
    expect(content.index.get('unsafe')?.content).toBe('<p>a</p>\n<p>b</p>')
  })

  it('reads a hand-written file forgivingly: id: 305, an unquoted date, isPublished: yes', async () => {
    const { content } = await loaded({ 'hand-written.html': postText('hand-written', { id: '305', publishDate: '2024-05-01', isPublished: 'yes' }) })
    expect(content.problems()).toEqual([])
    expect(content.index.byId('305')).toMatchObject({ slug: 'hand-written', publishDate: '2024-05-01', isPublished: true })
  })

  it('names the file whose slug a copy claims', async () => {
    const { content } = await loaded({ 'foo.html': postText('foo'), 'foo-copy.html': postText('foo') })
    expect(slugs(content)).toEqual(['foo'])
    expect(content.problems()).toEqual([
      {
        path: 'content/blog/foo-copy.html',
        reason: 'slug "foo" is already the slug of content/blog/foo.html (and must equal this file\'s name, foo-copy)',
      },
    ])
  })

  it('says only that the slug must equal the file name when no other file has it', async () => {
    const { content } = await loaded({ 'bar.html': postText('baz') })
    expect(content.problems()).toEqual([{ path: 'content/blog/bar.html', reason: 'slug is "baz" but must equal the file name (bar)' }])
  })

  it('forgets a problem once the file is fixed, or removed', async () => {
    const { files, content } = await loaded({ 'a.html': postText('a', { title: '' }), 'b.html': 'not a post' })
    expect(content.problems().map((problem) => problem.path)).toEqual(['content/blog/a.html', 'content/blog/b.html'])
    files.texts.set('a.html', postText('a'))
    files.texts.delete('b.html')
    const change = await content.reload(['a.html', 'b.html'])
    expect(change).toEqual({ updated: ['a'], removed: [], publishedListChanged: true })
    expect(content.problems()).toEqual([])
    expect(slugs(content)).toEqual(['a'])
  })

  it('takes a post off the site when its file breaks, and reports it', async () => {
    const { files, content } = await loaded({ 'a.html': postText('a') })
    files.texts.set('a.html', postText('a', {}, '<script>alert(1)</script>'))
    const change = await content.reload(['a.html'])
    expect(change).toEqual({ updated: [], removed: ['a'], publishedListChanged: true })
    expect(content.problems()).toEqual([
      { path: 'content/blog/a.html', reason: 'content has <script> (line 8), which the sanitizer would remove with all it holds, and nothing is left without it' },
    ])
  })

  it('keeps a post on the site, cleaned, when its file gains HTML the sanitizer removes; the warning goes once it is clean', async () => {
    const { files, content } = await loaded({ 'a.html': postText('a') })
    files.texts.set('a.html', postText('a', {}, '<p style="color:red">Red</p>\n<script>alert(1)</script>'))
    expect(await content.reload(['a.html'])).toEqual({ updated: ['a'], removed: [], publishedListChanged: false })
    expect(content.index.get('a')?.content).toBe('<p>Red</p>')
    expect(content.problems()).toEqual([{ path: 'content/blog/a.html', reason: expect.stringMatching(/^content has style="color:red" on <p> \(line 8\)/), severity: 'warning' }])
    files.texts.set('a.html', postText('a', {}, '<p>Red</p>'))
    await content.reload(['a.html'])
    expect(content.problems()).toEqual([])
  })
})

describe('BlogContent with files that share an id', () => {
  const shared = { 'b-post.html': postText('b-post', { id: 'same' }), 'a-post.html': postText('a-post', { id: 'same' }), 'c-post.html': postText('c-post', { id: 'same' }) }
  const waitingReason = (keptBy: string) =>
    `id "same" is also the id of content/blog/${keptBy}, which is read instead (the first file by name keeps the id): give this post another id, or delete its id line for one to be made`

  it('reads the first by file name and reports the others naming it, whatever order they were read in', async () => {
    for (const reverse of [false, true]) {
      const { content } = await loaded(shared, { reverse })
      expect(content.index.byId('same')?.slug).toBe('a-post')
      expect(content.problems()).toEqual([
        { path: 'content/blog/b-post.html', reason: waitingReason('a-post.html') },
        { path: 'content/blog/c-post.html', reason: waitingReason('a-post.html') },
      ])
    }
  })

  it('a file added later that sorts first takes the id over, as it would at the next start', async () => {
    const { files, content } = await loaded({ 'b-post.html': shared['b-post.html'] })
    files.texts.set('a-post.html', shared['a-post.html'])
    const change = await content.reload(['a-post.html'])
    expect(change).toEqual({ updated: ['a-post'], removed: ['b-post'], publishedListChanged: true })
    expect(slugs(content)).toEqual(['a-post'])
    expect(content.problems()).toEqual([{ path: 'content/blog/b-post.html', reason: waitingReason('a-post.html') }])
  })

  it('reads the next one as soon as the id is free again: the holder removed, or given its own id', async () => {
    const { files, content } = await loaded(shared)
    files.texts.delete('a-post.html')
    let change = await content.reload(['a-post.html'])
    expect(change).toEqual({ updated: ['b-post'], removed: ['a-post'], publishedListChanged: true })
    expect(content.problems()).toEqual([{ path: 'content/blog/c-post.html', reason: waitingReason('b-post.html') }])

    files.texts.set('b-post.html', postText('b-post', { id: 'other' }))
    change = await content.reload(['b-post.html'])
    expect(change.updated.sort()).toEqual(['b-post', 'c-post'])
    expect(content.problems()).toEqual([])
    expect(slugs(content)).toEqual(['b-post', 'c-post'])
  })

  it('a rescan of the whole folder gives the same answer', async () => {
    const { content } = await loaded(shared)
    const before = content.problems()
    await content.reload(null)
    expect(content.problems()).toEqual(before)
    expect(content.index.byId('same')?.slug).toBe('a-post')
  })
})

describe('BlogContent changes and tags', () => {
  it('tells the tags a changed or removed post had before, so their pages can be made again', async () => {
    const { files, content } = await loaded({ 'a.html': postText('a', { tags: '[Apple TV, Setup]' }), 'b.html': postText('b', { tags: '[Old]' }), 'c.html': postText('c') })
    files.texts.set('a.html', postText('a', { tags: '[Setup, New One]' }))
    files.texts.delete('b.html')
    files.texts.set('c.html', postText('c', { tags: '[Fresh]' }))
    const change = await content.reload(['a.html', 'b.html', 'c.html'])
    expect(change.tagsBefore?.sort()).toEqual(['apple-tv', 'old', 'setup'])
    expect(change.publishedListChanged).toBe(true)
  })
})

describe('BlogContent checking content after load (checkAtLoad: later, a running site)', () => {
  const texts = {
    'clean.html': postText('clean'),
    'styled.html': postText('styled', {}, '<p style="color:red">Red</p>\n<p>Blue</p>'),
    'script.html': postText('script', {}, '<script>alert(1)</script>'),
    'b-twin.html': postText('b-twin', { id: 'shared' }, '<p>first by name</p>'),
    'c-twin.html': postText('c-twin', { id: 'shared' }, '<p onclick="x()">second</p>'),
  }

  it('serves every post at once, then finds the same warnings and refusals a read that checks finds', async () => {
    const now = await loaded(texts)
    const { files, content } = await loaded(texts, { checkAtLoad: 'later' })
    expect(slugs(content)).toEqual(['b-twin', 'clean', 'script', 'styled'])
    // Nothing checked yet: no warning, and the file of which nothing is left still served (sanitized).
    expect(content.problems().filter((problem) => problem.path !== 'content/blog/c-twin.html')).toEqual([])
    const changes: unknown[] = []
    content.onChange((change) => void changes.push(change))

    expect(await content.checkContent()).toEqual({ checked: 5, served: 2, refused: 1, stopped: false })
    expect(files.checked.sort()).toEqual(['b-twin.html', 'c-twin.html', 'clean.html', 'script.html', 'styled.html'])
    expect(content.problems()).toEqual(now.content.problems())
    expect(slugs(content)).toEqual(slugs(now.content))
    expect(changes).toEqual([{ updated: [], removed: ['script'], publishedListChanged: true }])
  })

  it('leaves a file read again since to that read, and checks nothing twice', async () => {
    const { files, content } = await loaded(texts, { checkAtLoad: 'later' })
    files.texts.set('styled.html', postText('styled', {}, '<p>Now clean</p>'))
    files.texts.set('script.html', postText('script', {}, '<p style="x">Kept</p>'))
    await content.reload(['styled.html', 'script.html'])
    expect(await content.checkContent()).toEqual({ checked: 3, served: 1, refused: 0, stopped: false })
    expect(files.checked.sort()).toEqual(['b-twin.html', 'c-twin.html', 'clean.html'])
    expect(await content.checkContent()).toEqual({ checked: 3, served: 1, refused: 0, stopped: false })
    // c-twin's warning shows once it holds its id; for now, that it waits for it.
    expect(content.problems().map((problem) => [problem.path, problem.severity])).toEqual([
      ['content/blog/c-twin.html', undefined],
      ['content/blog/script.html', 'warning'],
    ])
  })

  it('stops after the post it is checking when the site closes', async () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p-${i}.html`, postText(`p-${i}`, {}, '<p class="x">a</p>')]))
    const { files, content } = await loaded(many, { checkAtLoad: 'later' })
    let stopped: Promise<void> | undefined
    files.onCheck = (count) => {
      if (count === 3) stopped = content.stopChecking()
    }
    const report = await content.checkContent()
    await stopped
    expect(report).toMatchObject({ checked: 3, stopped: true })
    expect(files.checked).toHaveLength(3)
    expect(content.uncheckedLeft()).toBe(37)
  })
})
