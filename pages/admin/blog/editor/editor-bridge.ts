import type { Command } from '@milkdown/kit/prose/state'
import type { EditorView } from '@milkdown/kit/prose/view'
import { takeDomSelection } from './selection-sync.ts'
import { EMPTY_TOOLBAR_STATE, readToolbarState, type ToolbarState } from './toolbar-state.ts'

/**
 * What the React side (toolbar, dialogs) needs from the ProseMirror view, which Milkdown
 * creates asynchronously: the view once it exists, the toolbar state after every transaction
 * (a store for useSyncExternalStore), and a way to run commands.
 */
export class EditorBridge {
  view: EditorView | null = null
  #state: ToolbarState = EMPTY_TOOLBAR_STATE
  #listeners = new Set<() => void>()

  attach(view: EditorView): void {
    this.view = view
    this.refresh()
  }

  detach(view: EditorView): void {
    if (this.view !== view) return
    this.view = null
    this.#state = EMPTY_TOOLBAR_STATE
    this.#emit()
  }

  /** Called after every transaction (and when the editable state changes). */
  refresh(): void {
    if (!this.view) return
    const next = readToolbarState(this.view.state)
    if (JSON.stringify(next) === JSON.stringify(this.#state)) return
    this.#state = next
    this.#emit()
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  getSnapshot = (): ToolbarState => this.#state

  /** Runs a command on the view; false when there is no view or the command does not apply. */
  run(command: Command): boolean {
    const view = this.view
    if (!view || !view.editable) return false
    return command(view.state, view.dispatch, view)
  }

  /** ProseMirror takes the browser's selection now (selection-sync.ts), before a toolbar button acts. */
  takeSelection(): void {
    if (this.view) takeDomSelection(this.view)
  }

  focus(): void {
    this.view?.focus()
  }

  #emit(): void {
    for (const listener of this.#listeners) listener()
  }
}
