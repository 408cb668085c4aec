import { type RefObject, useId } from 'react'

/**
 * One choice of the preview's (its width, its theme): native radio buttons drawn as a segmented
 * control, so the keyboard works as everywhere else (Tab to the group, arrow keys to choose).
 */
export function PreviewChoice<Value extends string>(props: {
  legend: string
  options: readonly { value: Value; label: string; hint?: string }[]
  value: Value
  onChange: (value: Value) => void
  /** Given the checked option's input, to focus it. */
  checkedRef?: RefObject<HTMLInputElement | null>
}) {
  const name = useId()
  return (
    <fieldset className="preview-choice">
      <legend className="preview-choice__legend">{props.legend}</legend>
      <div className="preview-choice__options">
        {props.options.map((option) => {
          const checked = option.value === props.value
          return (
            <label key={option.value} className="preview-choice__option" title={option.hint}>
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                ref={checked ? props.checkedRef : undefined}
                onChange={() => props.onChange(option.value)}
              />
              <span>{option.label}</span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
