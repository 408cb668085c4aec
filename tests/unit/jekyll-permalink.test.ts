import { describe, expect, it } from 'vitest'
import { JEKYLL_DEFAULT_PERMALINK, jekyllPath, permalinkTemplate } from '../../server/import/jekyll-permalink.ts'

describe('jekyllPath', () => {
  const post = { slug: 'hello-world', date: '2019-02-03T16:20:00+01:00', categories: ['Walks', 'city'] }

  it("fills in Jekyll's built-in styles", () => {
    expect(jekyllPath(JEKYLL_DEFAULT_PERMALINK, post)).toBe('/walks/city/2019/02/03/hello-world.html')
    expect(jekyllPath(permalinkTemplate('pretty'), post)).toBe('/walks/city/2019/02/03/hello-world/')
    expect(jekyllPath(permalinkTemplate('ordinal'), post)).toBe('/walks/city/2019/034/hello-world.html')
    expect(jekyllPath(permalinkTemplate('none'), { ...post, categories: [] })).toBe('/hello-world.html')
  })

  it('fills in a template, and gives nothing it cannot fill', () => {
    expect(jekyllPath('/blog/:short_year/:i_month/:i_day/:slug/', post)).toBe('/blog/19/2/3/hello-world/')
    expect(jekyllPath('/:year/:week/:title/', post)).toBe('')
    expect(jekyllPath(JEKYLL_DEFAULT_PERMALINK, { ...post, date: '' })).toBe('')
    // A name of Object's prototype is no placeholder value.
    expect(jekyllPath('/:constructor/:title/', post)).toBe('')
  })
})
