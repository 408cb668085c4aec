/**
 * WCAG 1.4.11 (non-text contrast) measured from computed colours: axe checks text, not the
 * boundary of a field or the state of a switch. Each visible, enabled control of the page is
 * checked against what is behind it (its ancestors' backgrounds, composited):
 * - a text field, select, text area, rich-text area or switch must be told apart from its
 *   background by its border or its fill, at least 3:1;
 * - a switch's thumb must stand out from its track by 3:1, on and off;
 * - a button or link is identified by its label: its text (or icon) colour against its fill
 *   must reach 3:1 where neither its border nor its fill does.
 * And WCAG 1.4.3 for text axe does not judge one by one (a code block's coloured tokens):
 * lowContrastText, each element's colour against its fill and what is behind it.
 */
import type { Page } from '@playwright/test'

export interface ContrastFailure {
  control: string
  what: string
  ratio: number
}

/** The controls under `root` (the whole page by default) that miss 3:1, with what and by how much. */
export async function lowContrastControls(page: Page, root = 'body'): Promise<ContrastFailure[]> {
  return measure(page, { kind: 'controls', selector: root, min: 3 })
}

/** The visible elements matching `selector` whose text colour misses `min` (AA: 4.5) against what is behind it. */
export async function lowContrastText(page: Page, selector: string, min = 4.5): Promise<ContrastFailure[]> {
  return measure(page, { kind: 'text', selector, min })
}

async function measure(page: Page, request: { kind: 'controls' | 'text'; selector: string; min: number }): Promise<ContrastFailure[]> {
  return page.evaluate(({ kind, selector: rootSelector, min }) => {
    type Rgba = [number, number, number, number]
    const MIN = min

    // Chrome computes colours as rgb()/rgba(), and color-mix() as color(srgb r g b / a).
    const parse = (value: string): Rgba => {
      const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.e-]+))?\)$/.exec(value)
      if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])]
      const rgb = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)$/.exec(value)
      if (!rgb) throw new Error(`cannot read the colour ${value}`)
      return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])]
    }
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3]
      return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1]
    }
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    const ratio = (a: Rgba, b: Rgba) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
      return (light + 0.05) / (dark + 0.05)
    }
    /** What is painted behind an element: its ancestors' backgrounds, down to the page's. */
    const backdropOf = (element: Element): Rgba => {
      const layers: Rgba[] = []
      for (let node = element.parentElement; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor)
        if (colour[3] > 0) layers.push(colour)
        if (colour[3] >= 1) break
      }
      let result: Rgba = [255, 255, 255, 1]
      for (const layer of layers.reverse()) result = over(layer, result)
      return result
    }
    const borderOf = (style: CSSStyleDeclaration): Rgba | null => {
      const sides = ['Top', 'Right', 'Bottom', 'Left'] as const
      const drawn = sides.filter((side) => style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none' && parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) >= 1)
      // A boundary is a border all round; one line (the editor's toolbar) is not.
      if (drawn.length < 4) return null
      return parse(style.borderTopColor)
    }
    const describe = (element: Element) => {
      const name = element.getAttribute('aria-label') || element.getAttribute('id') || (element.textContent ?? '').trim().slice(0, 40)
      return `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${name}"`
    }
    const visible = (element: HTMLElement) => {
      const box = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      return box.width > 0 && box.height > 0 && style.visibility === 'visible' && !element.closest('[aria-hidden="true"], .visually-hidden')
    }

    const failures: { control: string; what: string; ratio: number }[] = []
    const fail = (element: Element, what: string, value: number) => failures.push({ control: describe(element), what, ratio: Math.round(value * 100) / 100 })
    if (kind === 'text') {
      for (const element of document.querySelectorAll<HTMLElement>(rootSelector)) {
        if (!visible(element)) continue
        const style = getComputedStyle(element)
        const fill = over(parse(style.backgroundColor), backdropOf(element))
        const text = ratio(over(parse(style.color), fill), fill)
        if (text < MIN) fail(element, `text ${style.color} on rgb(${fill.slice(0, 3).map(Math.round).join(', ')})`, text)
      }
      return failures
    }
    const root = document.querySelector(rootSelector)!
    const selector = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="switch"], [contenteditable="true"]'
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      if (!visible(element) || element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true') continue
      const style = getComputedStyle(element)
      const backdrop = backdropOf(element)
      const fill = over(parse(style.backgroundColor), backdrop)
      const border = borderOf(style)
      const boundary = Math.max(ratio(fill, backdrop), border ? ratio(over(border, fill), backdrop) : 1)
      const isLabelled = element.matches('button:not([role="switch"]), a[href], input[type="button"], input[type="submit"]')
      if (element.matches('a[href]:not(.button)')) continue // a text link: its text is axe's to check
      if (isLabelled) {
        const label = ratio(over(parse(style.color), fill), fill)
        if (boundary < MIN && label < MIN) fail(element, 'boundary and label', Math.max(boundary, label))
        continue
      }
      // A rich-text area's boundary is the editor's frame around it.
      const framed = element.isContentEditable ? (element.closest<HTMLElement>('.rte') ?? element) : element
      const frameBoundary = framed === element ? boundary : (() => {
        const frameStyle = getComputedStyle(framed)
        const frameBackdrop = backdropOf(framed)
        const frameFill = over(parse(frameStyle.backgroundColor), frameBackdrop)
        const frameBorder = borderOf(frameStyle)
        return Math.max(ratio(frameFill, frameBackdrop), frameBorder ? ratio(over(frameBorder, frameFill), frameBackdrop) : 1)
      })()
      if (frameBoundary < MIN) fail(element, 'boundary', frameBoundary)
      if (element.getAttribute('role') === 'switch') {
        const thumb = element.firstElementChild
        if (!thumb) fail(element, 'thumb', 1)
        else {
          const thumbFill = over(parse(getComputedStyle(thumb).backgroundColor), fill)
          const thumbRatio = ratio(thumbFill, fill)
          if (thumbRatio < MIN) fail(element, `thumb against track (${element.getAttribute('aria-checked') === 'true' ? 'on' : 'off'})`, thumbRatio)
        }
      }
    }
    return failures
  }, request)
}
