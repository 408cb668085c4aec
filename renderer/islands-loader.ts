// What a page with islands loads at first: this file and the site's plain script, a few KB. React
// (about 66 KB gzipped on its own, more than a page's whole budget) and an island's component come
// only when the reader shows they are about to use that island: a pointer over it, a touch, focus
// inside it, or a press. A press that comes before React is kept and made again once the island is
// live, on the same element (hydration keeps the server's nodes), so no click is lost.
import type { ComponentType } from 'react'
import { ISLAND_ARMED_ATTRIBUTE, ISLAND_ATTRIBUTE } from './island-markup.ts'
import type { IslandMount } from './islands-client.tsx'
import './site-script.ts'

/** Loads one island's component: `() => import('./Testimonials.tsx').then((module) => module.Testimonials)`. */
export type IslandLoader = () => Promise<ComponentType<never>>
/** Each island of the page by the name its markup carries (renderer/Island.tsx). */
export type IslandLoaders = Record<string, IslandLoader>

export interface ArmOptions {
  /** Load and mount at once, not on first use: for an island that has work to do on arrival. */
  now?: boolean
  /**
   * `hydrate` (the default) adopts the server's markup. `render` draws the island afresh: for an
   * island whose server markup is only a placeholder (what it shows depends on the URL's query,
   * which a prerendered page cannot know).
   */
  mount?: IslandMount
}

/** Signs that a reader is about to use an island: any of them starts loading it. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'input'] as const
/** Keys an island may act on by itself (a radio group's arrows, a dialog's Escape): kept, as presses are. */
const HELD_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Escape'])
/** Held events, by type; a key is held only outside text fields, where it moves the caret instead. */
const HELD_EVENTS = ['click', 'submit', 'keydown'] as const

export function armIslands(loaders: IslandLoaders, options: ArmOptions = {}): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const name = element.getAttribute(ISLAND_ATTRIBUTE)!
    const load = loaders[name]
    if (!load) {
      console.error(`The island ${name} is not in this page's +client.ts`)
      continue
    }
    armIsland(element, load, options)
  }
}

function armIsland(element: HTMLElement, load: IslandLoader, options: ArmOptions): void {
  const held: { event: Event; path: number[] }[] = []
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const type of INTENT_EVENTS) element.removeEventListener(type, start, true)
    Promise.all([import('./islands-client.tsx'), load()]).then(
      ([client, component]) => {
        // Drawn afresh, the island has new nodes: focus goes back to where it was.
        const focused = document.activeElement && element.contains(document.activeElement) ? pathTo(element, document.activeElement) : null
        client.mountIsland(element, component, options.mount ?? 'hydrate', () => {
          for (const type of HELD_EVENTS) element.removeEventListener(type, hold, true)
          const refocus = focused && nodeAt(element, focused)
          if (refocus instanceof HTMLElement && refocus !== document.activeElement) refocus.focus()
          for (const { event, path } of held.splice(0)) replay(event, nodeAt(element, path))
        })
      },
      (error: unknown) => {
        // Offline, or a deploy replaced the scripts: the next move tries again; the presses kept are dropped.
        console.error(error)
        held.length = 0
        started = false
        listen()
      },
    )
  }
  const listen = () => {
    for (const type of INTENT_EVENTS) element.addEventListener(type, start, { capture: true, passive: true })
  }
  // Presses, submits and the keys above wait for the island; a link's click goes on at once (it needs no island).
  const hold = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) return
    if (event instanceof KeyboardEvent && (!HELD_KEYS.has(event.key) || isTextField(event.target))) return
    event.preventDefault()
    event.stopImmediatePropagation()
    held.push({ event, path: pathTo(element, event.target as Node) })
    start()
  }
  for (const type of HELD_EVENTS) element.addEventListener(type, hold, true)
  if (options.now) return start()
  listen()
  // The browser tests wait for this before they act, as a reader's first move can come any time after.
  element.setAttribute(ISLAND_ARMED_ATTRIBUTE, '')
}

/**
 * The held event, made again on its element now that React listens: a click as the same click
 * (a dispatched click still activates a button, a label or a checkbox), a submit as a request to
 * submit the form by the same button, a key as the same key.
 */
function replay(event: Event, target: Node | null): void {
  if (!(target instanceof Element)) return
  if (event instanceof SubmitEvent && target instanceof HTMLFormElement) target.requestSubmit(event.submitter && target.contains(event.submitter) ? event.submitter : null)
  else if (event instanceof MouseEvent) target.dispatchEvent(new MouseEvent(event.type, event))
  else if (event instanceof KeyboardEvent) target.dispatchEvent(new KeyboardEvent(event.type, event))
}

function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type)) || (target instanceof HTMLElement && target.isContentEditable)
}

/**
 * Where a node sits in the island, as child positions from its element: an island drawn afresh
 * has new nodes in the same places, so a press is made again on the one where it landed.
 */
function pathTo(island: Node, node: Node): number[] {
  const path: number[] = []
  for (let at: Node = node; at !== island && at.parentNode; at = at.parentNode) path.unshift([...at.parentNode.childNodes].indexOf(at as ChildNode))
  return path
}

function nodeAt(island: Node, path: readonly number[]): Node | null {
  let at: Node | undefined = island
  for (const index of path) at = at?.childNodes[index]
  return at ?? null
}
