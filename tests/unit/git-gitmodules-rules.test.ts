import { describe, expect, it } from 'vitest'
import { readConfigText } from '../../server/git/formats/config-text.ts'
import { gitattributesProblem, gitmodulesProblem, MAX_GITATTRIBUTES_LINE } from '../../server/git/formats/gitmodules-rules.ts'

const bytes = (text: string) => Buffer.from(text, 'latin1')

/** Every entry git reads from `text`, and whether it read it to the end. */
function entriesOf(text: string): { entries: [string, string | null][]; whole: boolean } {
  const entries: [string, string | null][] = []
  const whole = readConfigText(bytes(text), (name, value) => entries.push([name, value]))
  return { entries, whole }
}

describe('readConfigText', () => {
  it('reads sections, subsections as written, keys in lowercase, and values', () => {
    expect(entriesOf('[submodule "Theme One"]\n\tpath = themes/one\n\tURL = https://example.com/one.git\n\tactive\n')).toEqual({
      entries: [
        ['submodule.Theme One.path', 'themes/one'],
        ['submodule.Theme One.url', 'https://example.com/one.git'],
        ['submodule.Theme One.active', null],
      ],
      whole: true,
    })
  })

  it('reads values as git does: quotes, escapes, comments, spaces between words, continued lines, CRLF', () => {
    expect(entriesOf('[a]\nk = "  x  " y  # note\n').entries).toEqual([['a.k', '  x   y']])
    expect(entriesOf('[a]\nk = x ; note\n').entries).toEqual([['a.k', 'x']])
    expect(entriesOf('[a]\nk = "x ; not a note"\n').entries).toEqual([['a.k', 'x ; not a note']])
    expect(entriesOf('[a]\nk = one\\ttwo\\nthree\\\\\\"\n').entries).toEqual([['a.k', 'one\ttwo\nthree\\"']])
    // The spaces before a continued line are kept, and so are those after it, once a word follows.
    expect(entriesOf('[a]\nk = one \\\n  two\n').entries).toEqual([['a.k', 'one   two']])
    expect(entriesOf('[a]\r\nk = x\r\n').entries).toEqual([['a.k', 'x']])
    expect(entriesOf('[a "b\\"c\\\\d\\e"]\nk = 1').entries).toEqual([['a.b"c\\de.k', '1']])
  })

  it('reads a key on the line of its section, the old [section.sub] form (lowercased), and a byte order mark', () => {
    expect(entriesOf('[submodule "x"] url = y').entries).toEqual([['submodule.x.url', 'y']])
    expect(entriesOf('[SubModule.Name]\nurl = y').entries).toEqual([['submodule.name.url', 'y']])
    expect(entriesOf('\xef\xbb\xbf[a]\nk = 1').entries).toEqual([['a.k', '1']])
  })

  it('stops where git stops, having handed on the entries before', () => {
    for (const text of ['[a]\nk = 1\nbad!\nj = 2', '[a]\nk = 1\nj = "open', '[a]\nk = 1\nj = \\q', '[a\nk = 1', '[]\nk = 1', '[a "b"c]', '\xef\xbbk = 1', '[a]\nk = 1\n1 = 2']) {
      const read = entriesOf(text)
      expect(read.whole, text).toBe(false)
      expect(read.entries.filter(([name]) => name === 'a.j')).toEqual([])
    }
    expect(entriesOf('[a]\nk = 1\nbad!\nj = 2').entries).toEqual([['a.k', '1']])
  })
})

describe('gitmodulesProblem', () => {
  const module = (lines: string, name = 'theme') => bytes(`[submodule "${name}"]\n${lines}\n`)

  it.each([
    ['a submodule as git writes it', module('\tpath = themes/theme\n\turl = https://github.com/example/theme.git')],
    ['relative, scp-like, ssh, file and absolute urls', module('url = ../theme.git\nurl = ./theme\nurl = git@github.com:example/theme.git\nurl = ssh://git@host/x\nurl = file:///srv/x\nurl = /srv/x')],
    ['user and password in an https url', module('url = https://user:secret@example.com/x.git')],
    ['update modes that run nothing', module('update = rebase\nupdate = none\nupdate = checkout\nupdate = merge')],
    ['names with dots that are not ..', module('url = x', 'a..b/..c/.../d..')],
    ['a line break in a url git does not hand to curl or to a relative path', module('url = ssh://host/%0a')],
    ['what comes after a line git cannot read (git stops there)', bytes('[submodule "x"]\nbad!\nurl = -x\npath = -x\n')],
    ['other sections', bytes('[core]\nurl = -x\n[submodule]\nurl = -x\n')],
    ['a path that starts with a dash, written with a space before it', module('path = " -x"')],
  ])('accepts %s', (_label, text) => {
    expect(gitmodulesProblem(text)).toBeNull()
  })

  it.each([
    ['a url that is an option', module('url = --upload-pack=touch /tmp/pwned'), 'gitmodulesUrl'],
    ['a url that is an option, quoted', module('url = "-x"'), 'gitmodulesUrl'],
    ['a url that is an option, after a continued line', module('url = \\\n-x'), 'gitmodulesUrl'],
    ['a relative url with an encoded line break', module('url = ./%0ahost=evil.example'), 'gitmodulesUrl'],
    ['a git:// url with an encoded line break', module('url = git://host/%0A'), 'gitmodulesUrl'],
    ['a relative url climbing into the host', module('url = ../../:evil.example/x'), 'gitmodulesUrl'],
    ['a relative url climbing into the host, with backslashes', module('url = ..\\\\:evil.example/x'), 'gitmodulesUrl'],
    ['an https url with a line break in its user', module('url = https://%0a@example.com/x'), 'gitmodulesUrl'],
    ['an https url with a line break in its host', module('url = https://example.com%0a/x'), 'gitmodulesUrl'],
    ['an https url with a line break in its path', module('url = https://example.com/x%0Ay'), 'gitmodulesUrl'],
    ['an https url with no host', module('url = https:///example.com/x'), 'gitmodulesUrl'],
    ['a curl helper url with no host', module('url = http::https:///x'), 'gitmodulesUrl'],
    ['a path that is an option', module('path = -x'), 'gitmodulesPath'],
    ['an update command', module('update = !touch /tmp/pwned'), 'gitmodulesUpdate'],
    ['a name that climbs out', module('path = x', '../../modules/evil'), 'gitmodulesName'],
    ['a name that climbs out with backslashes', module('path = x', 'a\\\\..\\\\b'), 'gitmodulesName'],
    ['a name that is ..', module('url = x', '..'), 'gitmodulesName'],
    ['an empty name', module('path = x', ''), 'gitmodulesName'],
    ['an entry on the line of its section', bytes('[submodule "x"] url = -x'), 'gitmodulesUrl'],
    ['the old section form, in capitals', bytes('[SUBMODULE.x]\nURL = -x'), 'gitmodulesUrl'],
    ['an entry before a line git cannot read', bytes('[submodule "x"]\npath = -x\nbad!\n'), 'gitmodulesPath'],
  ])('refuses %s', (_label, text, id) => {
    expect(gitmodulesProblem(text)).toMatch(new RegExp(`\\(${id}\\)$`))
  })
})

describe('gitattributesProblem', () => {
  it(`refuses a line of ${MAX_GITATTRIBUTES_LINE} bytes or more, as git does, up to the first NUL`, () => {
    expect(gitattributesProblem(bytes(`*.html diff=html\n${'a'.repeat(MAX_GITATTRIBUTES_LINE - 1)}\n`))).toBeNull()
    expect(gitattributesProblem(bytes(`*.html diff=html\n${'a'.repeat(MAX_GITATTRIBUTES_LINE)}\n`))).toMatch(/\(gitattributesLineLength\)$/)
    expect(gitattributesProblem(bytes('a'.repeat(MAX_GITATTRIBUTES_LINE)))).toMatch(/\(gitattributesLineLength\)$/)
    expect(gitattributesProblem(bytes(`x\0${'a'.repeat(MAX_GITATTRIBUTES_LINE)}`))).toBeNull()
    expect(gitattributesProblem(bytes(''))).toBeNull()
  })
})
