/** SPEC §2 "Landing page (/)": hero, features, benefits, testimonials, FAQ, call to action. */
import { expect, test, type Page } from '@playwright/test'
import { SITE_DEFAULTS } from '../../server/content/site-defaults/index.ts'
import { cspViolations, escapeHtml, expectSingleCollapsibleAccordion, recordCspViolations, recordProblems, waitForHydration, waitForPageSettled } from './fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

const hero = (page: Page) => page.locator('section.hero')
const cta = (page: Page) => page.locator('section.landing-cta')
const testimonialsGrid = (page: Page) => page.locator('#testimonials-grid')
const testimonialsToggle = (page: Page) => page.locator('#testimonials').getByRole('button', { name: /^View (more|less)$/ })
const faq = (page: Page) => page.locator('#faq')

async function open(page: Page, options: { theme?: 'light' | 'dark'; width?: number } = {}) {
  if (options.width) await page.setViewportSize({ width: options.width, height: 900 })
  if (options.theme) {
    await page.addInitScript((theme) => localStorage.setItem('theme', theme), options.theme)
  }
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await waitForHydration(page)
}

test.describe('landing page', () => {
  test('sections in order: hero, #features, benefits, #testimonials, #faq, call to action', async ({ page }) => {
    await open(page)
    await expect(page).toHaveTitle('Watchio')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /IPTV player for iPhone, iPad, Apple TV and Mac/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unlock the Magic')
    await expect(hero(page).getByText('Where Entertainment Meets Elegance', { exact: true })).toBeVisible()

    const order = await page.evaluate(() => {
      const ids = ['hero', 'features', 'benefits', 'testimonials', 'faq', 'cta']
      const elements = [
        document.querySelector('section.hero'),
        document.getElementById('features'),
        document.querySelector('section[aria-labelledby="benefits-title"]'),
        document.getElementById('testimonials'),
        document.getElementById('faq'),
        document.querySelector('section.landing-cta'),
      ]
      if (elements.some((element) => !element)) return `missing: ${ids.filter((_, i) => !elements[i]).join(', ')}`
      return elements.every((element, i) => i === 0 || elements[i - 1]!.compareDocumentPosition(element!) & Node.DOCUMENT_POSITION_FOLLOWING)
    })
    expect(order).toBe(true)

    // The anchors work: each one scrolls its section into view.
    for (const id of ['features', 'testimonials', 'faq']) {
      await page.goto(`/#${id}`)
      await expect(page.locator(`#${id}`)).toBeInViewport()
    }
  })

  test('the App Store link is in the nav bar, the hero and the call to action', async ({ page }) => {
    await open(page)
    for (const area of [page.locator('header.nav'), hero(page), cta(page)]) {
      const link = area.locator(`a[href="${SITE_DEFAULTS.shared.appStoreUrl}"]`)
      await expect(link).toHaveCount(1)
      await expect(link).toBeVisible()
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/)
    }
  })

  test('features: three blocks with icon, title, description and screenshot; sides alternate on wide screens', async ({ page }) => {
    await open(page, { width: 1280 })
    const blocks = page.locator('#features article.feature')
    await expect(blocks).toHaveCount(3)
    await expect(blocks.locator('h3')).toHaveText(['Endless Discovery', 'Full Guide', 'Offline Downloads'])
    const expectedSides = ['right', 'left', 'right']
    for (let i = 0; i < 3; i++) {
      const block = blocks.nth(i)
      await expect(block.locator('.feature__icon svg[aria-hidden="true"]')).toHaveCount(1)
      await expect(block.locator('.feature__description')).not.toBeEmpty()
      const image = block.locator('img')
      await image.scrollIntoViewIfNeeded()
      const imageBox = (await image.boundingBox())!
      const textBox = (await block.locator('.feature__text').boundingBox())!
      const side = imageBox.x > textBox.x ? 'right' : 'left'
      expect(side, `feature ${i + 1} screenshot side`).toBe(expectedSides[i])
      expect(Math.abs(imageBox.y + imageBox.height / 2 - (textBox.y + textBox.height / 2))).toBeLessThan(imageBox.height)
    }

    // Narrow screens stack them: text first, then the screenshot, at the same width.
    await page.setViewportSize({ width: 360, height: 800 })
    for (let i = 0; i < 3; i++) {
      const block = blocks.nth(i)
      const imageBox = (await block.locator('img').boundingBox())!
      const textBox = (await block.locator('.feature__text').boundingBox())!
      expect(imageBox.y).toBeGreaterThanOrEqual(textBox.y + textBox.height)
      expect(Math.abs(imageBox.x - textBox.x)).toBeLessThan(2)
    }
  })

  test('ten benefit cards, each with an icon, a title and a description', async ({ page }) => {
    await open(page)
    const cards = page.locator('section[aria-labelledby="benefits-title"] li.benefit')
    await expect(cards).toHaveCount(10)
    for (let i = 0; i < 10; i++) {
      await expect(cards.nth(i).locator('svg[aria-hidden="true"]')).toHaveCount(1)
      await expect(cards.nth(i).locator('h3')).not.toBeEmpty()
      await expect(cards.nth(i).locator('p')).not.toBeEmpty()
    }
  })

  test('every landing image loads, has its size and a description, and weighs under 15 KB', async ({ page, request }) => {
    await open(page)
    const images = page.locator('main img')
    const count = await images.count()
    expect(count).toBeGreaterThanOrEqual(3)
    for (let i = 0; i < count; i++) {
      const image = images.nth(i)
      const src = (await image.getAttribute('src'))!
      expect(src).toMatch(/^\/images\/landing\/[a-z-]+\.svg$/)
      expect(Number(await image.getAttribute('width'))).toBeGreaterThan(0)
      expect(Number(await image.getAttribute('height'))).toBeGreaterThan(0)
      expect((await image.getAttribute('alt'))!.length).toBeGreaterThan(20)
      await image.scrollIntoViewIfNeeded()
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: `${src} loads` })
        .toBe(true)
      const response = await request.get(src)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toMatch(/^image\/svg\+xml/)
      expect((await response.body()).length, `${src} size`).toBeLessThan(15 * 1024)
    }
  })

  test('testimonials: six 5-star reviews, collapsed to 450 px until "View more" expands to 3000 px', async ({ page }) => {
    await open(page)
    const section = page.locator('#testimonials')
    await expect(section.getByText('+50 thousand users enjoy the product', { exact: true })).toBeVisible()
    const cards = testimonialsGrid(page).locator('li.testimonial')
    await expect(cards).toHaveCount(6)
    for (let i = 0; i < 6; i++) {
      const card = cards.nth(i)
      await expect(card.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(1)
      await expect(card.locator('.stars svg')).toHaveCount(5)
      await expect(card.locator('h3')).not.toBeEmpty()
      await expect(card.locator('blockquote')).not.toBeEmpty()
      await expect(card.locator('.testimonial__username')).not.toBeEmpty()
      const flag = card.locator('.testimonial__flag')
      await expect(flag).toHaveAttribute('role', 'img')
      await expect(flag).toHaveAttribute('aria-label', /^[A-Z][a-z]+( [A-Z][a-z]+)*$/)
      expect(await flag.textContent()).toMatch(/^\p{Regional_Indicator}{2}$/u)
    }

    const toggle = testimonialsToggle(page)
    const maxHeight = () => testimonialsGrid(page).evaluate((grid) => getComputedStyle(grid).maxHeight)
    await expect(toggle).toHaveText('View more')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toHaveAttribute('aria-controls', 'testimonials-grid')
    expect(await maxHeight()).toBe('450px')
    const collapsedHeight = (await testimonialsGrid(page).boundingBox())!.height
    expect(collapsedHeight).toBeLessThanOrEqual(450)

    await toggle.click()
    await expect(toggle).toHaveText('View less')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect.poll(maxHeight).toBe('3000px')
    await expect(cards.last()).toBeInViewport({ ratio: 0.1 })

    await toggle.click()
    await expect(toggle).toHaveText('View more')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect.poll(maxHeight).toBe('450px')
  })

  test('FAQ: the questions of the player, one open at a time, all can be closed', async ({ page }) => {
    await open(page)
    const questions = SITE_DEFAULTS.landing.faq.items.map((item) => item.question)
    expect(questions.length).toBeGreaterThanOrEqual(6)
    expect(questions.length).toBeLessThanOrEqual(8)
    await expectSingleCollapsibleAccordion(faq(page), questions)
    await faq(page).locator('.faq__trigger').nth(1).click()
    await expect(faq(page).locator('.faq__answer').nth(1)).toHaveText(SITE_DEFAULTS.landing.faq.items[1]!.answer)
  })

  test('FAQ in the server HTML: native <details> of one group, all closed, answers included (indexable)', async ({ request }) => {
    const html = (await (await request.get('/')).text()).replace(/<!-- -->/g, '')
    const section = /<section id="faq"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
    const details = [...section.matchAll(/<details\b([^>]*)>/g)].map((match) => match[1]!)
    expect(details).toHaveLength(SITE_DEFAULTS.landing.faq.items.length)
    const names = details.map((attributes) => /\sname="([^"]+)"/.exec(attributes)?.[1])
    expect(names[0]).toBeTruthy()
    expect(new Set(names).size).toBe(1)
    expect(details.filter((attributes) => /\sopen\b/.test(attributes))).toEqual([])
    for (const item of SITE_DEFAULTS.landing.faq.items) {
      expect(section.includes(`>${escapeHtml(item.question)}</h3>`), item.question).toBe(true)
      expect(section.includes(`<p class="faq__answer">${escapeHtml(item.answer)}</p>`), item.answer).toBe(true)
    }
  })

  test('the FAQ works from the keyboard', async ({ page }) => {
    await open(page)
    const items = faq(page).locator('details.faq__item')
    const summaries = items.locator('summary')
    await summaries.first().focus()
    await page.keyboard.press('Enter')
    await expect(items.first()).toHaveJSProperty('open', true)
    await expect(faq(page).locator('.faq__answer').first()).toBeVisible()
    // Tab moves to the next question (an answer holds nothing focusable); Space toggles it.
    await page.keyboard.press('Tab')
    await expect(summaries.nth(1)).toBeFocused()
    await page.keyboard.press('Space')
    await expect(items.nth(1)).toHaveJSProperty('open', true)
    await expect(items.first()).toHaveJSProperty('open', false)
    await expect(faq(page).locator('details[open]')).toHaveCount(1)
    // Enter on the open question closes it: all closed.
    await page.keyboard.press('Enter')
    await expect(faq(page).locator('details[open]')).toHaveCount(0)
    await expect(summaries.nth(1)).toBeFocused()
  })

  test('the server HTML has no inline style attributes and no executable inline script but the theme one', async ({ request }) => {
    const html = await (await request.get('/')).text()
    expect(html.match(/<[^>]+\sstyle=/g) ?? []).toEqual([])
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]!.trim())
    // The theme script (allowed by its hash) and vike's JSON data blocks.
    expect(inlineScripts.filter((attributes) => !/type="application\/(json|ld\+json)"/.test(attributes))).toEqual([''])
  })

  test('no console errors (hydration) and no CSP violations while using the page', async ({ page }) => {
    const log = recordProblems(page)
    await recordCspViolations(page)
    await open(page)
    await testimonialsToggle(page).click()
    await expect(testimonialsToggle(page)).toHaveText('View less')
    await faq(page).locator('.faq__trigger').first().click()
    await expect(faq(page).locator('.faq__answer').first()).toBeVisible()
    for (const id of ['features', 'testimonials', 'faq']) await page.locator(`#${id}`).scrollIntoViewIfNeeded()
    await waitForPageSettled(page)
    expect(log.problems).toEqual([])
    expect(await cspViolations(page)).toEqual([])
  })

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [360, 1280]) {
      test(`axe: no serious or critical violations (${theme} theme, ${width} px)`, async ({ page }) => {
        // axe over a whole page takes a few seconds, more on a busy machine.
        await open(page, { theme, width })
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        // Check what shows after interaction too: an open answer and the expanded testimonials.
        await faq(page).locator('.faq__trigger').first().click()
        // The answer fades in (0.2 s): axe reads its colour once it is the colour it stays.
        await faq(page).locator('.faq__answer').first().evaluate((answer) => Promise.all(answer.getAnimations().map((animation) => animation.finished)))
        await testimonialsToggle(page).click()
        await expect.poll(() => testimonialsGrid(page).evaluate((grid) => getComputedStyle(grid).maxHeight)).toBe('3000px')
        await expectNoSeriousAxeViolations(page)
        // Nothing is wider than the viewport.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      })
    }
  }
})
