/** Prices as the pages write them (pure: the pricing page's bundle carries it). */

/** The currencies a price may be in, and how each is written before the amount. */
export const CURRENCY_SYMBOLS = { USD: '$', EUR: '€', GBP: '£' } as const

export type Currency = keyof typeof CURRENCY_SYMBOLS

export interface Price {
  amount: number
  currency: Currency
}

/** `$0`, `$4.99`: whole amounts without decimals, the others with two. */
export function formatPrice(price: Price): string {
  const amount = Number.isInteger(price.amount) ? String(price.amount) : price.amount.toFixed(2)
  return `${CURRENCY_SYMBOLS[price.currency]}${amount}`
}
