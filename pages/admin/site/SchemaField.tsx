import type { KeyboardEvent } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { labelOf } from '../../../core/site-content/field-words.ts'
import { Counter, describedBy, ErrorText, type FieldProps, FieldShell, useFieldError, useRegister } from './FieldParts.tsx'
import { ListField } from './ListField.tsx'
import { emptyValue, fieldId, fieldKind, type FieldKind } from './schema-walk.ts'

/** One part of a file's schema as the form's fields (schema-walk.ts says which). */
export function SchemaField(props: FieldProps) {
  const kind = fieldKind(props.schema)
  switch (kind.kind) {
    case 'text':
      return <TextField {...props} kind={kind} />
    case 'number':
      return <NumberField {...props} kind={kind} />
    case 'boolean':
      return <BooleanField {...props} />
    case 'choice':
      return <ChoiceField {...props} options={kind.options} />
    case 'price':
      return <PriceField {...props} currencies={kind.currencies} />
    case 'list':
      return <ListField {...props} min={kind.min} max={kind.max} newItem={() => emptyValue(kind.item)} renderItem={(path, name) => <ListItem schema={kind.item} path={path} name={name} />} />
    case 'union':
      return <UnionField {...props} options={kind.options} />
    case 'image':
    case 'object':
      return <ObjectField {...props} fields={kind.fields} />
  }
}

/** One item of a list: a group under the item's name, or the one field it is. */
function ListItem(props: { schema: z.ZodType; path: string; name: string }) {
  const kind = fieldKind(props.schema)
  if (kind.kind === 'object' || kind.kind === 'image') return <ObjectField schema={props.schema} path={props.path} label={props.name} legend={props.name} fields={kind.fields} />
  return <SchemaField schema={props.schema} path={props.path} label={props.name} />
}

/** A group of fields under its legend: a section of the page, a list's item, an image. */
export function ObjectField(props: FieldProps & { fields: [string, z.ZodType][]; legend?: string }) {
  const error = useFieldError(props.path)
  return (
    <fieldset className="site-group" {...describedBy(props.path, error)}>
      <legend>{props.legend ?? props.label}</legend>
      {props.fields.map(([key, schema]) => (
        <SchemaField key={key} schema={schema} path={props.path === '' ? key : `${props.path}.${key}`} label={labelOf(key)} />
      ))}
      <ErrorText path={props.path} error={error} />
    </fieldset>
  )
}

const RICH_TEXT_HINT = 'Write **bold** for bold and [label](https://…) for a link; nothing else is formatting.'

/** A field of the copy is one line: Enter does not break it (nor submit the form). */
const oneLine = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault()
}

function TextField(props: FieldProps & { kind: Extract<FieldKind, { kind: 'text' }> }) {
  const { kind, path } = props
  const register = useRegister()
  const error = useFieldError(path)
  const id = fieldId(path)
  const hints = [...(kind.max ? [`${id}-count`] : []), ...(kind.rich ? [`${id}-hint`] : [])]
  const field = {
    id,
    ...register(path, kind.optional ? { setValueAs: (value: string) => (value === '' ? undefined : value) } : {}),
    ...describedBy(path, error, hints),
    onKeyDown: oneLine,
    spellCheck: kind.format === null,
  }
  const long = kind.rich || (kind.max ?? 0) > 160
  return (
    <FieldShell
      path={path}
      label={kind.optional ? `${props.label} (optional)` : props.label}
      error={error}
      after={
        <div className="site-field__notes">
          {kind.rich && (
            <span id={`${id}-hint`} className="admin-hint">
              {RICH_TEXT_HINT}
            </span>
          )}
          {kind.max && <Counter path={path} max={kind.max} />}
        </div>
      }
    >
      {long ? (
        <textarea {...field} rows={kind.rich ? 4 : 3} />
      ) : (
        <input {...field} type={kind.format === 'email' ? 'email' : kind.format === 'url' ? 'url' : 'text'} autoComplete="off" />
      )}
    </FieldShell>
  )
}

function NumberField(props: FieldProps & { kind: Extract<FieldKind, { kind: 'number' }> }) {
  const register = useRegister()
  const error = useFieldError(props.path)
  const { min, max, integer } = props.kind
  return (
    <FieldShell path={props.path} label={props.label} error={error}>
      <input
        id={fieldId(props.path)}
        type="number"
        inputMode={integer ? 'numeric' : 'decimal'}
        min={min ?? undefined}
        max={max ?? undefined}
        step={integer ? 1 : 0.01}
        {...register(props.path, { valueAsNumber: true })}
        {...describedBy(props.path, error)}
      />
    </FieldShell>
  )
}

function BooleanField(props: FieldProps) {
  const register = useRegister()
  const error = useFieldError(props.path)
  return (
    <div className="admin-field site-field site-field--check">
      <input id={fieldId(props.path)} type="checkbox" {...register(props.path)} {...describedBy(props.path, error)} />
      <label htmlFor={fieldId(props.path)}>{props.label}</label>
      <ErrorText path={props.path} error={error} />
    </div>
  )
}

function ChoiceField(props: FieldProps & { options: string[] }) {
  const register = useRegister()
  const error = useFieldError(props.path)
  return (
    <FieldShell path={props.path} label={props.label} error={error}>
      <select id={fieldId(props.path)} {...register(props.path)} {...describedBy(props.path, error)}>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}

/** A price: its amount (a number, two decimals at most) and its currency, side by side. */
function PriceField(props: FieldProps & { currencies: string[] }) {
  const error = useFieldError(props.path)
  return (
    <fieldset className="site-group site-price" {...describedBy(props.path, error)}>
      <legend>{props.label}</legend>
      <NumberField schema={props.schema} path={`${props.path}.amount`} label="Amount" kind={{ kind: 'number', min: 0, max: null, integer: false }} />
      <ChoiceField schema={props.schema} path={`${props.path}.currency`} label="Currency" options={props.currencies} />
      <ErrorText path={props.path} error={error} />
    </fieldset>
  )
}

/** One of several shapes (a legal paragraph, or a list of them): which one, then its fields. */
function UnionField(props: FieldProps & { options: z.ZodType[] }) {
  const { setValue } = useFormContext()
  const value = useWatch({ name: props.path }) as unknown
  const chosen = Math.max(0, props.options.findIndex((option) => option.safeParse(value).success || sameShape(emptyValue(option), value)))
  const option = props.options[chosen]!
  const names = props.options.map((choice) => (fieldKind(choice).kind === 'text' ? 'Paragraph' : 'Bulleted list'))
  const id = `${fieldId(props.path)}-kind`
  return (
    <div className="site-union">
      <div className="admin-field site-field">
        <label htmlFor={id}>{props.label}: kind</label>
        <select id={id} value={chosen} onChange={(event) => setValue(props.path, emptyValue(props.options[Number(event.target.value)]!), { shouldDirty: true })}>
          {names.map((name, index) => (
            <option key={name} value={index}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <SchemaField key={chosen} {...unwrapped(option, props.path, props.label)} />
    </div>
  )
}

/** A shape that is an object of one field (`{ list: [...] }`) is edited as that field. */
function unwrapped(option: z.ZodType, path: string, label: string): FieldProps {
  const kind = fieldKind(option)
  if (kind.kind !== 'object' || kind.fields.length !== 1) return { schema: option, path, label }
  const [key, schema] = kind.fields[0]!
  return { schema, path: `${path}.${key}`, label }
}

/** Whether two values are the same kind of thing (text, or an object with the same keys). */
function sameShape(a: unknown, b: unknown): boolean {
  if (typeof a !== typeof b) return false
  if (typeof a !== 'object' || a === null || b === null) return true
  return Object.keys(a).join() === Object.keys(b as object).join()
}
