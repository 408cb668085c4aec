/**
 * The server's check of pulled trees against git's own fsck, on the same objects: git's files
 * (.gitmodules, .gitattributes, .gitignore, .mailmap) under every name Windows or macOS reads as
 * them, as folders, links, submodules and files, and .gitmodules contents git refuses or accepts.
 * Each case is a repository of its own holding one root tree; `git fsck` (the git installed, 2.39
 * here) and TreeCheck judge it. Where git 2.39 only warns (a .gitattributes, .gitignore or
 * .mailmap that is a symbolic link, refused by newer git where it reads them), the server refuses.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { TreeCheck } from '../../server/git/history/tree-check.ts'
import type { ObjectType } from '../../server/git/store/object-reader.ts'
import { gitResult, runGit, runGitBytes, tempGitRepo, type TempGitRepo } from '../support/git.ts'
import { MAINTAINER_GIT_ENV as GIT_ENV } from '../support/maintainer-git.ts'

type Entry = [mode: string, name: string, oid: string]

const repos: TempGitRepo[] = []
afterAll(() => {
  for (const repo of repos) repo.remove()
})

/** A repository of one root tree, built with git's plumbing (`--literally`: no check of git's on the way in). */
class OneTree {
  readonly repo = tempGitRepo({ bare: true })
  constructor() {
    repos.push(this.repo)
  }

  run(args: string[], input?: string | Buffer): string {
    return runGit(args, { cwd: this.repo.dir, env: GIT_ENV, input }).trim()
  }

  blob(text: string): string {
    return this.run(['hash-object', '-w', '--stdin'], Buffer.from(text, 'latin1'))
  }

  tree(entries: Entry[]): string {
    const bytes = Buffer.concat(entries.map(([mode, name, oid]) => Buffer.concat([Buffer.from(`${mode} ${name}\0`, 'utf8'), Buffer.from(oid, 'hex')])))
    return this.run(['hash-object', '-t', 'tree', '--literally', '-w', '--stdin'], bytes)
  }

  /** A folder holding one file. */
  folder(): string {
    return this.tree([['100644', 'x', this.blob('in a folder\n')]])
  }

  /** What `git fsck` reports, as `error:<id>` and `warning:<id>` (gitmodulesBlob...). */
  fsck(): string[] {
    const { stdout, stderr } = gitResult(['fsck', '--no-dangling', '--no-progress'], { cwd: this.repo.dir, env: GIT_ENV })
    const lines = `${stdout.toString('utf8')}\n${stderr}`.split('\n')
    return lines.flatMap((line) => {
      const match = /^(error|warning) in (?:tree|blob) [0-9a-f]{40}: (\w+):/.exec(line)
      return match ? [`${match[1]}:${match[2]}`] : []
    })
  }

  /** TreeCheck's answer for the tree, reading through the git CLI. */
  check(tree: string): Promise<{ path: string; reason: string } | null> {
    const readObject = async (oid: string) => {
      const type = gitResult(['cat-file', '-t', oid], { cwd: this.repo.dir, env: GIT_ENV })
      if (type.status !== 0) return null
      const name = type.stdout.toString('utf8').trim() as ObjectType
      return { type: name, content: runGitBytes(['cat-file', name, oid], { cwd: this.repo.dir, env: GIT_ENV }) }
    }
    const readTree = async (oid: string) => runGitBytes(['cat-file', 'tree', oid], { cwd: this.repo.dir, env: GIT_ENV })
    return new TreeCheck({ readTree, readObject }).findRefused(null, tree)
  }
}

const gitmodules = (text: string) => (t: OneTree): Entry[] => [['100644', '.gitmodules', t.blob(text)]]
const gitattributes = (text: string) => (t: OneTree): Entry[] => [['100644', '.gitattributes', t.blob(text)]]
const module = (lines: string, name = 'theme') => `[submodule "${name}"]\n${lines}\n`

/** [label, the root's entries, what git's fsck says of it: `error:<id>`, `warning:<id>` (the server refuses both) or null (both accept)]. */
const CASES: [string, (t: OneTree) => Entry[], string | null][] = [
  ['a .gitmodules folder', (t) => [['40000', '.gitmodules', t.folder()]], 'error:gitmodulesBlob'],
  ['a .GITMODULES folder', (t) => [['40000', '.GITMODULES', t.folder()]], 'error:gitmodulesBlob'],
  ['a GITMOD~1 folder (NTFS short name)', (t) => [['40000', 'GITMOD~1', t.folder()]], 'error:gitmodulesBlob'],
  ['a gi7eba~9 folder (NTFS fallback short name)', (t) => [['40000', 'gi7eba~9', t.folder()]], 'error:gitmodulesBlob'],
  ['a ".gitmodules ." folder (NTFS trailing space and dot)', (t) => [['40000', '.gitmodules .', t.folder()]], 'error:gitmodulesBlob'],
  ['a ".gitmodules::$DATA" folder (NTFS stream)', (t) => [['40000', '.gitmodules::$DATA', t.folder()]], 'error:gitmodulesBlob'],
  ['a ".git\\u200cmodules" folder (HFS+ ignores U+200C)', (t) => [['40000', '.git\u200cmodules', t.folder()]], 'error:gitmodulesBlob'],
  ['a .gitmodules file that is a tree', (t) => [['100644', '.gitmodules', t.folder()]], 'error:gitmodulesBlob'],
  ['a .gitmodules submodule whose commit is not there', () => [['160000', '.gitmodules', '1234567890123456789012345678901234567890']], 'error:gitmodulesMissing'],
  ['a .gitmodules submodule that names a blob git accepts', (t) => [['160000', '.gitmodules', t.blob(module('path = x'))]], null],
  ['a .gitmodules symbolic link', (t) => [['120000', '.gitmodules', t.blob('elsewhere')]], 'error:gitmodulesSymlink'],
  ['a .gitattributes folder', (t) => [['40000', '.gitattributes', t.folder()]], 'error:gitattributesBlob'],
  ['a .gitattributes symbolic link', (t) => [['120000', '.gitattributes', t.blob('elsewhere')]], 'warning:gitattributesSymlink'],
  ['a .gitignore symbolic link', (t) => [['120000', '.gitignore', t.blob('elsewhere')]], 'warning:gitignoreSymlink'],
  ['a MAILMA~1 symbolic link', (t) => [['120000', 'MAILMA~1', t.blob('elsewhere')]], 'warning:mailmapSymlink'],
  ['a .gitignore folder', (t) => [['40000', '.gitignore', t.folder()]], null],
  ['a .gitmodulesx folder', (t) => [['40000', '.gitmodulesx', t.folder()]], null],
  ['a .gitmodules as git writes it', gitmodules(module('\tpath = themes/theme\n\turl = https://github.com/example/theme.git')), null],
  ['a .gitmodules with relative, scp-like and ssh urls', gitmodules(module('url = ../theme.git\nurl = git@github.com:example/theme.git\nurl = ssh://host/%0a')), null],
  ['a .gitmodules url that is an option', gitmodules(module('url = --upload-pack=touch /tmp/pwned')), 'error:gitmodulesUrl'],
  ['a .gitmodules url that is an option, quoted, on the section’s line', gitmodules('[submodule "x"] url = "-x"\n'), 'error:gitmodulesUrl'],
  ['a .gitmodules url in the old section form, in capitals', gitmodules('[SUBMODULE.x]\nURL = -x\n'), 'error:gitmodulesUrl'],
  ['a .gitmodules relative url with an encoded line break', gitmodules(module('url = ./%0ahost=evil.example')), 'error:gitmodulesUrl'],
  ['a .gitmodules relative url climbing into the host', gitmodules(module('url = ../../:evil.example/x')), 'error:gitmodulesUrl'],
  ['a .gitmodules relative url climbing with a backslash', gitmodules(module('url = ..\\\\:evil.example/x')), 'error:gitmodulesUrl'],
  ['a .gitmodules https url with no host', gitmodules(module('url = https:///example.com/x')), 'error:gitmodulesUrl'],
  ['a .gitmodules https url with a line break in its user', gitmodules(module('url = https://%0a@example.com/x')), 'error:gitmodulesUrl'],
  ['a .gitmodules curl helper url with a line break in its path', gitmodules(module('url = http::https://example.com/x%0Ay')), 'error:gitmodulesUrl'],
  ['a .gitmodules path that is an option', gitmodules(module('path = -x')), 'error:gitmodulesPath'],
  ['a .gitmodules update command', gitmodules(module('update = !touch /tmp/pwned')), 'error:gitmodulesUpdate'],
  ['a .gitmodules submodule name that climbs out', gitmodules(module('path = x', '../../modules/evil')), 'error:gitmodulesName'],
  ['a .gitmodules submodule name that is empty', gitmodules(module('path = x', '')), 'error:gitmodulesName'],
  ['a .gitmodules whose bad entry comes after a line git cannot read', gitmodules('[submodule "x"]\nbad!\nurl = -x\n'), null],
  ['a .gitmodules whose bad entry comes before it', gitmodules('[submodule "x"]\npath = -x\nbad!\n'), 'error:gitmodulesPath'],
  ['a .gitmodules deep down', (t) => [['40000', 'content', t.tree([['100644', '.gitmodules', t.blob(module('url = -x'))]])]], 'error:gitmodulesUrl'],
  ['a .gitattributes line of 2048 bytes', gitattributes(`*.html diff=html\n${'a'.repeat(2048)}\n`), 'error:gitattributesLineLength'],
  ['a .gitattributes line of 2047 bytes', gitattributes(`*.html diff=html\n${'a'.repeat(2047)}\n`), null],
  ['a .gitattributes long line after a NUL', gitattributes(`x\0${'a'.repeat(3000)}\n`), null],
]

describe('TreeCheck and git fsck judge git’s own files alike', () => {
  it.each(CASES)('%s', async (_label, entries, git) => {
    const t = new OneTree()
    const tree = t.tree(entries(t))
    const reported = t.fsck()
    const refused = await t.check(tree)
    if (git === null) {
      // gitmodulesParse is git's note of a .gitmodules it could not read to the end, no refusal.
      expect(reported.filter((id) => id !== 'warning:gitmodulesParse')).toEqual([])
      expect(refused).toBeNull()
    } else {
      expect(reported).toContain(git)
      expect(refused?.reason).toMatch(new RegExp(`\\(${git.split(':')[1]}\\)$`))
    }
  })
})
