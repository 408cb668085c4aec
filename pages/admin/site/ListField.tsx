import { type DragEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { useFieldArray, useFormContext } from 'react-hook-form'
import { describedBy, ErrorText, type FieldProps, useFieldError } from './FieldParts.tsx'
import { fieldId } from './schema-walk.ts'

/** Where focus goes once a list has changed: a control of the item now at `index`. */
type FocusAfter = { index: number; control: 'up' | 'down' | 'remove' | 'field' } | { index: -1; control: 'add' }

/**
 * A list of the schema (FAQ items, plans, testimonials, lines): its items, each with Move up,
 * Move down and Remove, an Add button, and reordering by dragging an item's handle. The schema's
 * length limits hold: Add is disabled at the maximum, Remove at the minimum. After each change
 * focus stays on what was used (the moved item's button, the next item's Remove, the new item's
 * first field) and a status line says what happened.
 */
export function ListField(
  props: Omit<FieldProps, 'schema'> & {
    min: number
    max: number
    /** The value an added item starts with. */
    newItem: () => unknown
    /** An item's fields (SchemaField decides them: this module knows lists, not schemas). */
    renderItem: (path: string, name: string) => ReactNode
  },
) {
  const { control } = useFormContext()
  const { fields, append, remove, move } = useFieldArray({ control, name: props.path })
  const error = useFieldError(props.path)
  const box = useRef<HTMLFieldSetElement>(null)
  const focusAfter = useRef<FocusAfter | null>(null)
  const dragFrom = useRef<number | null>(null)
  const [dropAt, setDropAt] = useState<number | null>(null)
  const [status, setStatus] = useState('')
  const id = fieldId(props.path)

  useEffect(() => {
    const target = focusAfter.current
    if (!target || !box.current) return
    focusAfter.current = null
    const item = box.current.querySelector(`:scope > ol > li:nth-child(${target.index + 1})`)
    const wanted =
      target.control === 'add'
        ? box.current.querySelector<HTMLElement>(':scope > .site-list__add button')
        : target.control === 'field'
          ? item?.querySelector<HTMLElement>('input, textarea, select')
          : item?.querySelector<HTMLElement>(`[data-list-control="${target.control}"]`)
    // A control that is disabled where the item arrived (Move up at the top): its neighbour.
    const usable = wanted && !(wanted as HTMLButtonElement).disabled ? wanted : item?.querySelector<HTMLElement>('[data-list-control]:not(:disabled)')
    usable?.focus()
  }, [fields])

  const moveItem = (from: number, to: number, control: 'up' | 'down') => {
    if (to < 0 || to >= fields.length || from === to) return
    move(from, to)
    focusAfter.current = { index: to, control }
    setStatus(`Item ${from + 1} moved to position ${to + 1} of ${fields.length}.`)
  }
  const removeItem = (index: number) => {
    remove(index)
    const left = fields.length - 1
    focusAfter.current = left === 0 ? { index: -1, control: 'add' } : { index: Math.min(index, left - 1), control: 'remove' }
    setStatus(`Item ${index + 1} removed; ${left} left.`)
  }
  const addItem = () => {
    append(props.newItem() as object, { shouldFocus: false })
    focusAfter.current = { index: fields.length, control: 'field' }
    setStatus(`Item ${fields.length + 1} added.`)
  }

  const onDragOver = (index: number) => (event: DragEvent) => {
    if (dragFrom.current === null) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'move'
    setDropAt(index)
  }
  const onDrop = (index: number) => (event: DragEvent) => {
    if (dragFrom.current === null) return
    event.preventDefault()
    const from = dragFrom.current
    dragFrom.current = null
    setDropAt(null)
    moveItem(from, index, from < index ? 'down' : 'up')
  }

  return (
    <fieldset ref={box} className="site-group site-list" {...describedBy(props.path, error, [`${id}-limits`])}>
      <legend>{props.label}</legend>
      <p id={`${id}-limits`} className="admin-hint">
        {limitsText(props.min, props.max, fields.length)} Reorder with Move up and Move down, or drag an item by its handle.
      </p>
      <ol className="site-list__items">
        {fields.map((field, index) => {
          const path = `${props.path}.${index}`
          const name = `Item ${index + 1}`
          return (
            <li
              key={field.id}
              className={dropAt === index ? 'site-list__item is-drop-target' : 'site-list__item'}
              onDragOver={onDragOver(index)}
              onDragLeave={() => setDropAt((at) => (at === index ? null : at))}
              onDrop={onDrop(index)}
            >
              <div className="site-list__tools">
                <span
                  className="site-list__handle"
                  draggable
                  title="Drag to reorder"
                  aria-hidden="true"
                  onDragStart={(event) => {
                    dragFrom.current = index
                    event.dataTransfer.effectAllowed = 'move'
                    event.dataTransfer.setData('text/plain', String(index))
                    const item = event.currentTarget.closest('li')
                    if (item) event.dataTransfer.setDragImage(item, 16, 16)
                  }}
                  onDragEnd={() => {
                    dragFrom.current = null
                    setDropAt(null)
                  }}
                >
                  ⠿
                </span>
                <button type="button" className="button" data-list-control="up" disabled={index === 0} onClick={() => moveItem(index, index - 1, 'up')}>
                  Move up<span className="visually-hidden"> {name.toLowerCase()}</span>
                </button>
                <button type="button" className="button" data-list-control="down" disabled={index === fields.length - 1} onClick={() => moveItem(index, index + 1, 'down')}>
                  Move down<span className="visually-hidden"> {name.toLowerCase()}</span>
                </button>
                <button type="button" className="button" data-list-control="remove" disabled={fields.length <= props.min} onClick={() => removeItem(index)}>
                  Remove<span className="visually-hidden"> {name.toLowerCase()}</span>
                </button>
              </div>
              {props.renderItem(path, name)}
            </li>
          )
        })}
      </ol>
      <div className="site-list__add">
        <button type="button" className="button" disabled={fields.length >= props.max} onClick={addItem}>
          Add item<span className="visually-hidden"> to {props.label}</span>
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <ErrorText path={props.path} error={error} />
    </fieldset>
  )
}

function limitsText(min: number, max: number, count: number): string {
  const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`
  const range = max === Infinity ? `at least ${items(min)}` : min === 0 ? `up to ${items(max)}` : `${min} to ${max} items`
  return `${items(count)} (${range}).`
}
