import { describe, expect, it } from 'vitest'
import { addRedirect, movePage, pathTakenProblem, RedirectRuleError } from '../../server/content/redirect-rules.ts'
import { followChains, MAX_REDIRECT_HOPS, parseRedirects, redirectsOf, RedirectsFileError, serializeRedirects, withoutRedirect } from '../../server/content/redirects-file.ts'
import { sitePathProblem } from '../../core/redirect-paths.ts'

const FILE = [
  '# Old addresses that must keep working.',
  '',
  '- from: /blog/old',
  '  to: /blog/new',
  '# from the old site',
  '- from: "/2019/05/title/"',
  "  to: '/blog/title'   # quoted, with a comment",
  '',
].join('\n')

function refusal(text: string): RedirectsFileError {
  try {
    parseRedirects(text)
  } catch (error) {
    if (error instanceof RedirectsFileError) return error
    throw error
  }
  throw new Error('the file was accepted')
}

describe('the redirects file', () => {
  it('reads entries, quoted or not, and writes back the same bytes, comments and blanks kept', () => {
    const document = parseRedirects(FILE)
    expect(redirectsOf(document)).toEqual([
      { from: '/blog/old', to: '/blog/new' },
      { from: '/2019/05/title/', to: '/blog/title' },
    ])
    expect(serializeRedirects(document)).toBe(FILE)
    expect(serializeRedirects(parseRedirects(''))).toBe('')
  })

  it('keeps every other line as it was when one entry is added or removed', () => {
    const added = addRedirect(parseRedirects(FILE), { from: '/a', to: '/blog/new' })
    expect(serializeRedirects(added)).toBe(`${FILE}- from: /a\n  to: /blog/new\n`)
    const removed = withoutRedirect(parseRedirects(FILE), '/2019/05/title')
    expect(serializeRedirects(removed)).toBe(FILE.replace('- from: "/2019/05/title/"\n  to: \'/blog/title\'   # quoted, with a comment\n', ''))
  })

  it('refuses what it cannot read, naming the line', () => {
    expect(refusal('- from: /a\n').message).toBe('line 2: expected "  to: /path" under "- from:"')
    expect(refusal('# x\nfrom: /a\n  to: /b\n').message).toBe('line 2: expected "- from: /path", a comment or a blank line')
    expect(refusal('- from: /a\n  to: /b').message).toBe('line 2: the file must end with a newline')
    expect(refusal('- from: [/a]\n  to: /b\n').message).toBe('line 1: from must be a path')
    expect(refusal('- from: "/a\n  to: /b\n').message).toBe('line 1: from is not a YAML value')
  })

  it('refuses hostile values', () => {
    expect(refusal('- from: /a\r\n  to: /b\r\n').message).toBe('line 1: carriage return: the file must use LF line ends')
    expect(refusal('- from: /a\n  to: //evil.com\n').message).toMatch(/^line 1: to must be a path on this site \(it starts with \/\/, another site\)/)
    expect(refusal('- from: /a\n  to: https://evil.com/x\n').message).toBe('line 1: to must be a path on this site, starting with /')
    expect(refusal('- from: blog/a\n  to: /b\n').message).toBe('line 1: from must be a path on this site, starting with /')
    expect(refusal('- from: /blog/../admin\n  to: /b\n').message).toBe('line 1: from may not have . or .. as a segment')
    expect(refusal('- from: /a\n  to: "/b\\r\\nSet-Cookie: x"\n').message).toMatch(/^line 1: to may hold only/)
    expect(refusal('- from: /a b\n  to: /b\n').message).toMatch(/^line 1: from may hold only/)
    expect(refusal('- from: /admin\n  to: /b\n').message).toBe("line 1: from may not be under /admin (the site's own)")
    expect(refusal('- from: /api/blog/posts\n  to: /b\n').message).toBe("line 1: from may not be under /api (the site's own)")
    expect(refusal('- from: /\n  to: /b\n').message).toBe('line 1: from may not be the home page')
    expect(refusal('- from: /a/\n  to: /a\n').message).toBe('line 1: from and to are the same path')
  })

  it('refuses a source twice and a loop, and follows a chain to its end', () => {
    expect(refusal('- from: /a\n  to: /b\n- from: /a/\n  to: /c\n').message).toBe('line 3: /a/ is redirected twice (also line 1)')
    expect(refusal('- from: /a\n  to: /b\n\n- from: /b\n  to: /c\n- from: /c\n  to: /a\n').message).toBe('line 1: /a is part of a redirect loop (/a → /b → /c → /a)')
    const chain = parseRedirects('- from: /a\n  to: /b\n- from: /b/\n  to: /c\n')
    expect(followChains(redirectsOf(chain)).table).toEqual(new Map([['/a', '/c'], ['/b', '/c']]))
  })

  it('takes plain paths only: no * or : (patterns in the export\'s _redirects), nor ? or #, in from or to', () => {
    const plain = "a redirect's paths are plain paths (static hosts read * and : as patterns)"
    expect(refusal('- from: /*\n  to: /blog\n').message).toBe(`line 1: from may not hold "*": ${plain}`)
    expect(refusal('- from: /blog/:slug\n  to: /blog\n').message).toBe(`line 1: from may not hold ":": ${plain}`)
    expect(refusal('- from: /old\n  to: /new/*\n').message).toBe(`line 1: to may not hold "*": ${plain}`)
    expect(refusal('- from: /old\n  to: "/a?b"\n').message).toMatch(/^line 1: to may hold only .* \(no space, \*, :, \?, #, %, \$ or \\\)$/)
    expect(refusal('- from: /old#x\n  to: /b\n').message).toMatch(/^line 1: from may hold only/)
    // The API's paths go through the same rule.
    expect(sitePathProblem('/splat*')).toBe(`may not hold "*": ${plain}`)
    expect(sitePathProblem('/:placeholder')).toBe(`may not hold ":": ${plain}`)
    expect(sitePathProblem("/a;b'c(d)")).toBeNull()
  })

  it('keeps the site\'s own prefixes whatever their case, as source and as target', () => {
    expect(refusal('- from: /ADMIN/x\n  to: /b\n').message).toBe("line 1: from may not be under /admin (the site's own)")
    expect(refusal('- from: /Media/x\n  to: /b\n').message).toBe("line 1: from may not be under /media (the site's own)")
    expect(refusal('- from: /b\n  to: /API/ADMIN/BLOG/POSTS\n').message).toBe("line 1: to may not be under /api (the site's own)")
    expect(sitePathProblem('/Assets/x.js')).toBe("may not be under /assets (the site's own)")
    expect(sitePathProblem('/PageFind/pagefind.js')).toBe("may not be under /pagefind (the site's own)")
    expect(sitePathProblem('/pagefind')).toBe("may not be under /pagefind (the site's own)")
    expect(sitePathProblem('/administration')).toBeNull()
  })
})

describe('chains', () => {
  const chainOf = (length: number) => Array.from({ length }, (_, i) => ({ from: `/hop/${i}`, to: `/hop/${i + 1}` }))

  it('follows a 100,000-hop chain in linear work: each redirect\'s link once, in any order', () => {
    const chain = chainOf(100_000)
    for (const redirects of [chain, [...chain].reverse()]) {
      const chains = followChains(redirects)
      expect(chains.steps).toBe(100_000)
      expect(chains.table.size).toBe(100_000)
      expect(chains.table.get('/hop/0')).toBe('/hop/100000')
      expect(chains.table.get('/hop/99999')).toBe('/hop/100000')
      expect(chains.longest).toEqual({ from: '/hop/0', to: '/hop/100000', hops: 100_000 })
      expect(chains.tooLong).toBe(100_000 - MAX_REDIRECT_HOPS)
      expect(chains.loop).toBeNull()
    }
  })

  it('counts as too long only a source more than MAX_REDIRECT_HOPS redirects from its end', () => {
    expect(MAX_REDIRECT_HOPS).toBe(10)
    expect(followChains(chainOf(10)).tooLong).toBe(0)
    expect(followChains(chainOf(11))).toMatchObject({ tooLong: 1, longest: { from: '/hop/0', to: '/hop/11', hops: 11 } })
    // Many sources into one chain: still one step each.
    const fan = [...chainOf(20), ...Array.from({ length: 50 }, (_, i) => ({ from: `/fan/${i}`, to: '/hop/0' }))]
    expect(followChains(fan)).toMatchObject({ steps: 70, tooLong: 60, longest: { from: '/fan/0', hops: 21 } })
  })

  it('reads a file of MAX_REDIRECTS redirects in one chain, and names a long loop in a short message', () => {
    const text = chainOf(10_000).map(({ from, to }) => `- from: ${from}\n  to: ${to}\n`).join('')
    expect(followChains(redirectsOf(parseRedirects(text))).table.get('/hop/0')).toBe('/hop/10000')
    const loop = chainOf(1_000).map(({ from, to }, i) => `- from: ${from}\n  to: ${i === 999 ? '/hop/0' : to}\n`).join('')
    expect(refusal(loop).message).toBe('line 1: /hop/0 is part of a redirect loop (/hop/0 → /hop/1 → /hop/2 → /hop/3 → … → /hop/999 → /hop/0, 1000 redirects)')
    // A source that leads into a loop names the loop itself.
    expect(refusal('- from: /x\n  to: /a\n- from: /a\n  to: /b\n- from: /b\n  to: /a\n').message).toBe('line 3: /a is part of a redirect loop (/a → /b → /a)')
  })
})

describe('the redirect rules', () => {
  const rule = (run: () => unknown): RedirectRuleError => {
    try {
      run()
    } catch (error) {
      if (error instanceof RedirectRuleError) return error
      throw error
    }
    throw new Error('allowed')
  }

  it('collapses chains: A→B then B→C stores A→C and B→C', () => {
    const first = movePage(parseRedirects(''), '/blog/a', '/blog/b')
    const second = movePage(first, '/blog/b', '/blog/c')
    expect(redirectsOf(second)).toEqual([
      { from: '/blog/a', to: '/blog/c' },
      { from: '/blog/b', to: '/blog/c' },
    ])
    // An added redirect to a redirected path goes to its end, and the ones to its source follow.
    const added = addRedirect(parseRedirects('- from: /x\n  to: /y\n- from: /y\n  to: /z\n'), { from: '/w', to: '/x' })
    expect(redirectsOf(added)).toContainEqual({ from: '/w', to: '/z' })
    const moved = addRedirect(parseRedirects('- from: /x\n  to: /y\n'), { from: '/y', to: '/z' })
    expect(redirectsOf(moved)).toEqual([{ from: '/x', to: '/z' }, { from: '/y', to: '/z' }])
  })

  it('moving a page back where it was removes the redirect rather than making a loop', () => {
    const there = movePage(parseRedirects(''), '/blog/a', '/blog/b')
    expect(pathTakenProblem(there, '/blog/a', '/blog/b')).toBeNull()
    const back = movePage(there, '/blog/b', '/blog/a')
    expect(redirectsOf(back)).toEqual([{ from: '/blog/b', to: '/blog/a' }])
  })

  it('refuses a loop, a source redirected twice, and a page at a redirected path', () => {
    const document = parseRedirects('- from: /x\n  to: /y\n')
    expect(rule(() => addRedirect(document, { from: '/y', to: '/x' })).message).toBe('/y → /x would make a loop (/x leads back to /y)')
    expect(rule(() => addRedirect(document, { from: '/x/', to: '/z' })).message).toBe('/x already redirects to /y: remove that redirect first')
    expect(rule(() => addRedirect(document, { from: '/x', to: '//evil.com' })).kind).toBe('invalid')
    expect(pathTakenProblem(document, '/x', null)).toBe('/x redirects to /y: remove that redirect first (Redirects in the admin), then use this path')
    expect(pathTakenProblem(document, '/x', '/other')).not.toBeNull()
    expect(pathTakenProblem(document, '/free', null)).toBeNull()
  })
})
