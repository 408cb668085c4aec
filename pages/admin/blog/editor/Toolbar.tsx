import { type KeyboardEvent, type MouseEvent, useRef, useState, useSyncExternalStore } from 'react'
import { Tooltip } from '../../../../renderer/components/Tooltip.tsx'
import { CodeLanguagePicker } from './CodeLanguagePicker.tsx'
import type { EditorBridge } from './editor-bridge.ts'
import { ToolbarIcon } from './icons.tsx'
import { InsertBlockMenu } from './InsertBlockMenu.tsx'
import { type EditorDialogKind, formatKeys, TOOLBAR_GROUPS, type ToolbarGroup, type ToolbarItem } from './toolbar-items.ts'

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

export interface ToolbarProps {
  bridge: EditorBridge
  disabled: boolean
  /** The Link, Image and Insert video buttons open their dialogs (RichTextEditor owns them). */
  onOpenDialog: (kind: EditorDialogKind) => void
  /** Its buttons (the formatting toolbar's when absent) and its name. */
  groups?: ToolbarGroup[]
  label?: string
}

/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys, Home and End
 * move between buttons. Toggle buttons carry aria-pressed for the current selection. A mouse
 * click leaves the focus (and the selection) in the text; a keyboard press keeps it here.
 */
export function Toolbar({ bridge, disabled, onOpenDialog, groups = TOOLBAR_GROUPS, label = 'Formatting' }: ToolbarProps) {
  const state = useSyncExternalStore(bridge.subscribe, bridge.getSnapshot, bridge.getSnapshot)
  const items = groups.flatMap((group) => group.items)
  const [active, setActive] = useState(0)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const mac = isMac()
  const off = disabled || !state.ready

  const run = (item: ToolbarItem, event: MouseEvent) => {
    // What a button may do, and does, depends on the text's selection as it is now.
    bridge.takeSelection()
    const current = bridge.getSnapshot()
    if (item.enabled && !item.enabled(current)) return
    if (typeof item.action === 'string') {
      onOpenDialog(item.action)
      return
    }
    bridge.run(item.action(current))
    // event.detail is 0 for a click made with Enter or Space.
    if (event.detail !== 0 || item.focusText) bridge.focus()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    // The code language's select uses the arrow keys itself.
    if (event.target instanceof HTMLSelectElement) return
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: items.length - 1 }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    const next = (target + items.length) % items.length
    setActive(next)
    buttons.current[next]?.focus()
  }

  let index = 0
  return (
    <div className="rte-toolbar" role="toolbar" aria-label={label} aria-orientation="horizontal" onKeyDown={onKeyDown}>
      {groups.map((group) => (
        <div key={group.label} className="rte-toolbar__group" role="group" aria-label={group.label}>
          {group.items.map((item) => {
            const position = index++
            const tooltip = item.keys ? `${item.label} (${formatKeys(item.keys, mac)})` : item.label
            return (
              <Tooltip key={item.id} content={tooltip} side="top">
                <button
                  ref={(element) => {
                    buttons.current[position] = element
                  }}
                  type="button"
                  className="rte-toolbar__button"
                  data-item={item.id}
                  aria-label={item.label}
                  aria-pressed={item.pressed ? item.pressed(state) : undefined}
                  aria-disabled={item.enabled && !item.enabled(state) ? true : undefined}
                  aria-haspopup={typeof item.action === 'string' ? 'dialog' : undefined}
                  aria-keyshortcuts={item.keys ? ariaKeys(item.keys, mac) : undefined}
                  tabIndex={position === active ? 0 : -1}
                  disabled={off}
                  onFocus={() => setActive(position)}
                  // Keep the text's focus and selection when the button is clicked with a mouse.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={(event) => run(item, event)}
                >
                  {typeof item.icon === 'string' ? (
                    <ToolbarIcon name={item.icon} />
                  ) : (
                    <span className="rte-toolbar__glyph" aria-hidden="true">
                      {item.icon.text}
                    </span>
                  )}
                </button>
              </Tooltip>
            )
          })}
        </div>
      ))}
      {/* The formatting toolbar's alone: the table toolbar has no use for it. */}
      {groups === TOOLBAR_GROUPS && <CodeLanguagePicker bridge={bridge} language={state.codeLanguage} disabled={off} />}
      {groups === TOOLBAR_GROUPS && <InsertBlockMenu bridge={bridge} disabled={off} />}
    </div>
  )
}

/** aria-keyshortcuts wants "Control+Shift+X" / "Meta+Alt+1". */
function ariaKeys(keys: string, mac: boolean): string {
  return keys
    .split('-')
    .map((part) => (part === '' ? '-' : part))
    .map((part) => (part === 'Mod' ? (mac ? 'Meta' : 'Control') : part.length === 1 ? part.toUpperCase() : part))
    .join('+')
}
