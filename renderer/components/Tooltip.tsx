import * as TooltipPrimitive from '@radix-ui/react-tooltip'
import { createContext, type ReactElement, type ReactNode, use } from 'react'
import './tooltip.css'

/** SPEC §9: a tooltip opens after 700 ms of hover; moving to another trigger within 300 ms skips the delay. */
export const TOOLTIP_DELAY = 700
export const TOOLTIP_SKIP_DELAY = 300

const HasProvider = createContext(false)

/**
 * The site-wide tooltip settings: mount once in the page shell, around the page, so the skip
 * delay carries from one tooltip to the next. Renders no element of its own.
 */
export function TooltipProvider(props: { children: ReactNode }) {
  return (
    <HasProvider value={true}>
      <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY} skipDelayDuration={TOOLTIP_SKIP_DELAY}>
        {props.children}
      </TooltipPrimitive.Provider>
    </HasProvider>
  )
}

export interface TooltipProps {
  /** What the tooltip says. It describes the trigger; give the trigger its own accessible name too. */
  content: ReactNode
  /** One focusable element (a button, a link) that accepts a ref and event handlers. */
  children: ReactElement
  side?: 'top' | 'right' | 'bottom' | 'left'
}

/**
 * A hover and focus tooltip around one element:
 *
 *   <Tooltip content="Bold"><button type="button" aria-label="Bold">…</button></Tooltip>
 *
 * The content renders in a portal, only while open, so server HTML carries no style attribute.
 * Outside a <TooltipProvider/> it brings its own with the same delays (it still works before
 * the provider is mounted in the shell).
 */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  const tooltip = (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content className="tooltip" side={side} sideOffset={6} collisionPadding={8}>
          {content}
          <TooltipPrimitive.Arrow className="tooltip__arrow" width={12} height={6} />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  )
  return use(HasProvider) ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>
}
