import { describe, expect, it } from 'vitest'
import { fitScale, PREVIEW_WIDTHS, previewInTheme } from '../../pages/admin/blog/preview-options.ts'

const PAGE = '<!DOCTYPE html>\n<html lang="en" data-theme="light">\n<head><title>T</title></head>\n<body><p data-theme="light">x</p></body></html>'

describe('previewInTheme', () => {
  it("sets the theme on the page's <html> tag, and nowhere else", () => {
    const dark = previewInTheme(PAGE, 'dark')
    expect(dark).toBe(PAGE.replace('<html lang="en" data-theme="light">', '<html lang="en" data-theme="dark">'))
    expect(dark).toContain('<p data-theme="light">x</p>')
    expect(previewInTheme(dark, 'light')).toBe(PAGE)
  })

  it('adds the attribute to an <html> tag without one, and leaves a page without <html> as it is', () => {
    expect(previewInTheme('<!doctype html><HTML lang=en><body></body></HTML>', 'dark')).toBe('<!doctype html><HTML data-theme="dark" lang=en><body></body></HTML>')
    expect(previewInTheme("<html data-theme='light' lang=en>", 'dark')).toBe('<html data-theme="dark" lang=en>')
    expect(previewInTheme('<p>no page</p>', 'dark')).toBe('<p>no page</p>')
  })
})

describe('fitScale', () => {
  it('shrinks a width wider than the space to fit it, and never enlarges one', () => {
    expect(fitScale(1280, 640)).toBe(0.5)
    expect(fitScale(390, 1200)).toBe(1)
    expect(fitScale(768, 768)).toBe(1)
    expect(fitScale(1280, 0)).toBe(1)
  })

  it('offers a phone, a tablet and a desktop width', () => {
    expect(PREVIEW_WIDTHS.map((width) => width.px)).toEqual([390, 768, 1280])
  })
})
