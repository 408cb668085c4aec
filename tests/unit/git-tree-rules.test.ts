import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { checkTreeObject, gitDotfileOf, isDotGit, readMode, refusedName, showPath } from '../../server/git/formats/tree-rules.ts'

const oid = (seed: string) => createHash('sha1').update(seed).digest('hex')

/** A tree object's bytes exactly as given: modes as written, names in the order given (no sorting). */
function rawTree(entries: [mode: string, name: string | Buffer, id?: string][]): Buffer {
  return Buffer.concat(
    entries.flatMap(([mode, name, id]) => [Buffer.from(`${mode} `, 'latin1'), Buffer.from(name), Buffer.from([0]), Buffer.from(id ?? oid(String(name)), 'hex')]),
  )
}

describe('refusedName', () => {
  const fine = [
    'a.html',
    'welcome.html',
    '.gitignore',
    '.gitattributes',
    '.github',
    '.git-foo',
    '.gitx',
    'git',
    'git~2',
    'git~10',
    '.git.foo',
    '..foo',
    '...',
    'foo..',
    'café.html',
    '日本語.html',
    'a b.html',
    'name:with-colon',
    '.g\u200bit', // U+200B is not one of the characters HFS+ ignores
  ]
  it.each(fine)('accepts %j', (name) => {
    expect(refusedName(name)).toBeNull()
  })

  const refused: [string, RegExp][] = [
    ['', /empty name/],
    ['.', /outside its folder/],
    ['..', /outside its folder/],
    ['a/b', /slash/],
    ['a\\b', /backslash/],
    ['..\\..\\x', /backslash/],
    ['a\0b', /NUL/],
    ['bad\ufffd', /not valid UTF-8/],
    // git's own folder, in every case
    ['.git', /git’s own folder/],
    ['.GIT', /git’s own folder/],
    ['.Git', /git’s own folder/],
    ['.gIt', /git’s own folder/],
    // NTFS: trailing dots and spaces, alternate data streams, the 8.3 short name
    ['.git.', /git’s own folder/],
    ['.git ', /git’s own folder/],
    ['.git. . .', /git’s own folder/],
    ['.git::$INDEX_ALLOCATION', /git’s own folder/],
    ['.git:foo', /git’s own folder/],
    ['git~1', /git’s own folder/],
    ['GIT~1', /git’s own folder/],
    ['git~1.', /git’s own folder/],
    ['git~1 :stream', /git’s own folder/],
    // HFS+: ignorable code points anywhere
    ['.g\u200cit', /git’s own folder/],
    ['\u200d.git', /git’s own folder/],
    ['.git\u200e', /git’s own folder/],
    ['.G\u200fI\u202aT', /git’s own folder/],
    ['.\ufeffgit', /git’s own folder/],
    ['.gi\u206ft', /git’s own folder/],
  ]
  it.each(refused)('refuses %j', (name, reason) => {
    expect(refusedName(name)).toMatch(reason)
  })

  it('isDotGit does not match names that only start like .git', () => {
    expect(isDotGit('.gitmodules')).toBe(false)
    expect(isDotGit('.git.bak')).toBe(false)
    expect(isDotGit('.g\u200cits')).toBe(false)
    expect(isDotGit('.gıt')).toBe(false) // dotless i: not ASCII, HFS+ keeps it apart
  })
})

describe('gitDotfileOf', () => {
  // fsck.c looks these up with path.c's is_ntfs_dot… and utf8.c's is_hfs_dot…: every name Windows
  // or macOS would open as the file is the file (tests/integration/git-fsck-dotfiles.test.ts
  // holds the same names against git's own fsck).
  it.each([
    ['.gitmodules', '.gitmodules'],
    ['.GITMODULES', '.gitmodules'],
    ['.GitModules', '.gitmodules'],
    ['.gitmodules.', '.gitmodules'],
    ['.gitmodules ', '.gitmodules'],
    ['.gitmodules. . ', '.gitmodules'],
    ['.gitmodules:x', '.gitmodules'],
    ['.gitmodules::$DATA', '.gitmodules'],
    ['GITMOD~1', '.gitmodules'],
    ['gitmod~4', '.gitmodules'],
    ['gitmod~1 .', '.gitmodules'],
    ['gi7eba~1', '.gitmodules'],
    ['GI7EBA~9', '.gitmodules'],
    ['gi7eb~12', '.gitmodules'],
    ['gi7e~123', '.gitmodules'],
    ['.git\u200cmodules', '.gitmodules'],
    ['\u200d.gitmodules', '.gitmodules'],
    ['.GITMODULES\ufeff', '.gitmodules'],
    ['.gitattributes', '.gitattributes'],
    ['GITATT~1', '.gitattributes'],
    ['gi7d29~1', '.gitattributes'],
    ['.gitignore', '.gitignore'],
    ['GITIGN~2', '.gitignore'],
    ['gi250a~1', '.gitignore'],
    ['.mailmap', '.mailmap'],
    ['.MailMap ', '.mailmap'],
    ['MAILMA~1', '.mailmap'],
    ['maba30~1', '.mailmap'],
  ])('takes %j for %s', (name, file) => {
    expect(gitDotfileOf(name)).toBe(file)
  })

  it.each([
    '.gitmodulesx',
    '.gitmodules.bak',
    '.gitmodule',
    'gitmodules',
    'gitmod~5',
    'gitmod~0',
    'gi7eba~0',
    'gi7eba~1x',
    'gi7ebb~1',
    'gi7eba1~1',
    '.gitmodules\u200b',
    '.g\u0131tmodules', // dotless i: not ASCII, HFS+ keeps it apart
    '.git',
    'git~1',
    'mailmap',
    '.gitignores',
  ])('takes %j for none', (name) => {
    expect(gitDotfileOf(name)).toBeNull()
  })
})

describe('readMode', () => {
  it.each([
    ['40000', '040000'],
    ['040000', '040000'],
    ['100644', '100644'],
    ['100755', '100755'],
    ['100664', '100644'],
    ['120000', '120000'],
    ['160000', '160000'],
  ])('reads %s as %s', (stored, read) => {
    expect(readMode(stored)).toBe(read)
  })

  it.each(['100600', '100777', '0100644', '644', '040755', '00040000', '', '100644 ', 'x'])('refuses %j', (stored) => {
    expect(readMode(stored)).toBeNull()
  })
})

describe('checkTreeObject', () => {
  it('reads a tree git writes, with no problems', () => {
    const bytes = rawTree([
      ['100644', '.gitignore'],
      ['100644', 'README.md'],
      ['40000', 'content'],
      ['120000', 'link'],
      ['160000', 'module'],
      ['100755', 'run.sh'],
    ])
    const { entries, problems } = checkTreeObject(bytes)
    expect(problems).toEqual([])
    expect(entries.map((entry) => [entry.mode, entry.name])).toEqual([
      ['100644', '.gitignore'],
      ['100644', 'README.md'],
      ['040000', 'content'],
      ['120000', 'link'],
      ['160000', 'module'],
      ['100755', 'run.sh'],
    ])
    expect(entries[0]!.oid).toBe(oid('.gitignore'))
  })

  it('reads a zero-padded folder and an old group-writable file as git does', () => {
    const { entries, problems } = checkTreeObject(rawTree([['100664', 'a.html'], ['040000', 'blog']]))
    expect(problems).toEqual([])
    expect(entries.map((entry) => entry.mode)).toEqual(['100644', '040000'])
  })

  it('orders a folder as if its name ended in a slash', () => {
    // "a.html" (0x2e) sorts before folder "a" ("a/", 0x2f), and file "a" before both.
    expect(checkTreeObject(rawTree([['100644', 'a'], ['40000', 'a-b'], ['100644', 'a.html'], ['40000', 'b']])).problems).toEqual([])
    expect(checkTreeObject(rawTree([['100644', 'a.html'], ['40000', 'a']])).problems).toEqual([])
    expect(checkTreeObject(rawTree([['40000', 'a'], ['100644', 'a.html']])).problems).toEqual([{ name: 'a.html', reason: expect.stringMatching(/out of git’s order/) }])
  })

  it.each([
    ['..', rawTree([['40000', '..']]), '..', /outside its folder/],
    ['.git', rawTree([['40000', '.git']]), '.git', /git’s own folder/],
    ['.GIT as a file', rawTree([['100644', '.GIT']]), '.GIT', /git’s own folder/],
    ['an HFS .git', rawTree([['40000', '.g\u200cit']]), '.g\u200cit', /git’s own folder/],
    ['a backslash', rawTree([['100644', '..\\evil']]), '..\\evil', /backslash/],
    ['an empty name', rawTree([['100644', '']]), '', /empty name/],
    ['invalid UTF-8', rawTree([['100644', Buffer.from([0x61, 0xff, 0x62])]]), 'a\ufffdb', /not valid UTF-8/],
    ['an odd mode', rawTree([['100600', 'a.html']]), 'a.html', /mode 100600/],
    ['a padded file mode', rawTree([['0100644', 'a.html']]), 'a.html', /mode 0100644/],
    ['a name twice', rawTree([['100644', 'a.html'], ['100644', 'a.html']]), 'a.html', /listed twice/],
    ['a file and a folder of one name', rawTree([['100644', 'a'], ['100644', 'a.html'], ['40000', 'a']]), 'a', /listed twice/],
    ['an all-zero id', rawTree([['100644', 'a.html', '0'.repeat(40)]]), 'a.html', /all-zero id/],
    ['unsorted entries', rawTree([['100644', 'b.html'], ['100644', 'a.html']]), 'a.html', /out of git’s order/],
  ])('refuses %s', (_label, bytes, name, reason) => {
    expect(checkTreeObject(bytes).problems).toEqual([{ name, reason: expect.stringMatching(reason) }])
  })

  it.each([
    ['a .gitmodules folder', rawTree([['40000', '.gitmodules']]), '.gitmodules', /^is a folder named as git’s \.gitmodules .*\(gitmodulesBlob\)$/],
    ['a GITMOD~1 folder', rawTree([['40000', 'GITMOD~1']]), 'GITMOD~1', /\(gitmodulesBlob\)$/],
    ['a .gitmodules symbolic link', rawTree([['120000', '.gitmodules']]), '.gitmodules', /^is a symbolic link named as git’s \.gitmodules .*\(gitmodulesSymlink\)$/],
    ['a .gitattributes folder', rawTree([['40000', '.gitattributes']]), '.gitattributes', /\(gitattributesBlob\)$/],
    ['a .GITATTRIBUTES symbolic link', rawTree([['120000', '.GITATTRIBUTES']]), '.GITATTRIBUTES', /\(gitattributesSymlink\)$/],
    ['a .gitignore symbolic link', rawTree([['120000', '.gitignore']]), '.gitignore', /\(gitignoreSymlink\)$/],
    ['a MAILMA~1 symbolic link', rawTree([['120000', 'MAILMA~1']]), 'MAILMA~1', /\(mailmapSymlink\)$/],
  ])('refuses %s, as git’s fsck does', (_label, bytes, name, reason) => {
    expect(checkTreeObject(bytes).problems).toEqual([{ name, reason: expect.stringMatching(reason) }])
  })

  it('lists the .gitmodules and .gitattributes that are not folders or links, for their content to be read', () => {
    const bytes = rawTree([
      ['100644', '.gitattributes'],
      ['40000', '.gitignore'],
      ['100644', '.gitmodules'],
      ['100644', '.mailmap'],
      ['160000', 'GITMOD~1'],
    ])
    const { problems, dotfiles } = checkTreeObject(bytes)
    expect(problems).toEqual([])
    expect(dotfiles).toEqual([
      { name: '.gitattributes', file: '.gitattributes', oid: oid('.gitattributes') },
      { name: '.gitmodules', file: '.gitmodules', oid: oid('.gitmodules') },
      { name: 'GITMOD~1', file: '.gitmodules', oid: oid('GITMOD~1') },
    ])
  })

  it('reports a truncated tree object', () => {
    const bytes = rawTree([['100644', 'a.html']])
    expect(checkTreeObject(bytes.subarray(0, bytes.length - 3)).problems).toEqual([{ name: '', reason: 'is a malformed tree object' }])
  })

  it('reads an empty tree', () => {
    expect(checkTreeObject(Buffer.alloc(0))).toEqual({ entries: [], problems: [], dotfiles: [] })
  })
})

describe('showPath', () => {
  it('makes characters one cannot see visible', () => {
    expect(showPath('content/.g\u200cit/x')).toBe('content/.g\\u{200c}it/x')
    expect(showPath('content/.git ')).toBe('content/.git\\u{20}')
    expect(showPath('content/blog/a b.html')).toBe('content/blog/a b.html')
    expect(showPath('content/blog/café.html')).toBe('content/blog/café.html')
  })
})
