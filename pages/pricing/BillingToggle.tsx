import { type KeyboardEvent, useRef } from 'react'
import type { BillingPeriod } from './billing-period.ts'

const OPTIONS: readonly { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annually', label: 'Annually' },
]

/**
 * Monthly / Annually as a radio group of two buttons (WAI-ARIA radio group pattern): one tab
 * stop, the arrow keys move the selection, Space or Enter on a button selects it.
 */
export function BillingToggle(props: { value: BillingPeriod; onChange: (value: BillingPeriod) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key]
    let next: number | undefined
    if (step !== undefined) next = (index + step + OPTIONS.length) % OPTIONS.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = OPTIONS.length - 1
    if (next === undefined) return
    event.preventDefault()
    props.onChange(OPTIONS[next]!.value)
    buttons.current[next]?.focus()
  }

  return (
    <div className="billing-toggle" role="radiogroup" aria-label="Billing period">
      {OPTIONS.map((option, index) => {
        const checked = option.value === props.value
        return (
          <button
            key={option.value}
            ref={(element) => {
              buttons.current[index] = element
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            className="billing-toggle__option"
            onClick={() => props.onChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {option.label}
          </button>
        )
      })}
    </div>
  )
}
