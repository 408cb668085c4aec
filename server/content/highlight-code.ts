import type { Element, ElementContent, Root } from 'hast'
import { common, createLowlight } from 'lowlight'

/**
 * highlight.js's common languages (about 35: JavaScript, TypeScript, Python, Go, Rust, SQL,
 * YAML, shell…), each under its name and its aliases (`js`, `ts`, `py`, `sh`, `yml`, `c++`, `html`).
 * Made on first use: registering them takes about 9 ms, which a server start that renders no
 * page (its pages are on disk) need not spend.
 */
let lowlight: ReturnType<typeof createLowlight> | null = null
const highlighter = () => (lowlight ??= createLowlight(common))

/** The class every token's span starts with (renderer/styles.css colours them). */
export const TOKEN_CLASS_PREFIX = 'hljs-'

/** A token's class as the display schema allows it: `hljs-keyword`, `hljs-selector-tag`, `hljs-built_in`. */
export const TOKEN_CLASS = /^hljs-[a-z_]+(?:-[a-z_]+)*$/

/** Whether a code block written with `class="language-<language>"` is highlighted on the page. */
export function isHighlighted(language: string): boolean {
  return highlighter().registered(language)
}

/**
 * Colours every code block of a post's sanitized tree whose language is known, in place: its
 * text becomes `<span class="hljs-…">` tokens, which the site's style sheet colours in both
 * themes. Done when the page is made (display-html.ts), on the server: the browser gets
 * coloured HTML and no script, and the post's file keeps its plain code.
 *
 * A block with no language, or one highlight.js does not know, stays plain text: guessing the
 * language (highlightAuto) tries every grammar, is slow, and guesses wrong on short snippets.
 * A block holding anything but text (markup written by hand, or tokens from an earlier pass)
 * is left as it is, so no markup is lost and a second pass changes nothing.
 */
export function highlightCode(tree: Root): void {
  visitCodeBlocks(tree, (code) => {
    const language = languageOf(code)
    if (language === null || !isHighlighted(language)) return
    if (!code.children.every((child) => child.type === 'text')) return
    const text = code.children.map((child) => (child.type === 'text' ? child.value : '')).join('')
    code.children = tokensOnly(highlighter().highlight(language, text).children)
  })
}

/**
 * The tokens with one class each, `hljs-…`: a scope's sub-classes (`function_` of
 * `hljs-title function_`) are dropped, and a span naming an embedded language (the
 * `javascript` inside HTML's `<script>`) is unwrapped, its tokens kept. So the page's markup
 * is what the display schema says, and the style sheet colours a handful of classes.
 */
function tokensOnly(nodes: readonly (Root['children'][number])[]): ElementContent[] {
  const kept: ElementContent[] = []
  for (const node of nodes) {
    if (node.type === 'text') kept.push(node)
    if (node.type !== 'element') continue
    const children = tokensOnly(node.children)
    const classes = Array.isArray(node.properties.className) ? node.properties.className : []
    const token = classes.find((name): name is string => typeof name === 'string' && TOKEN_CLASS.test(name))
    if (token) kept.push({ type: 'element', tagName: 'span', properties: { className: [token] }, children })
    else kept.push(...children)
  }
  return kept
}

/** The language named by a code block's first `language-…` class, or null. */
function languageOf(code: Element): string | null {
  const classes = Array.isArray(code.properties.className) ? code.properties.className : []
  const name = classes.find((item): item is string => typeof item === 'string' && item.startsWith('language-'))
  return name ? name.slice('language-'.length) : null
}

/** Each `<code>` that is a child of a `<pre>`: a code block, not inline code. */
export function visitCodeBlocks(parent: Root | Element, visit: (code: Element) => void): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue
    if (child.tagName === 'pre') {
      for (const inner of child.children) if (inner.type === 'element' && inner.tagName === 'code') visit(inner)
    } else visitCodeBlocks(child, visit)
  }
}
