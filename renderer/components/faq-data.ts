/**
 * FAQ items (SPEC §3: question, answer) shared by the landing page and the pricing page;
 * each page keeps its own list beside it, so neither downloads the other's text.
 * Answers are plain text: the pricing page emits the same text as FAQPage structured data,
 * so what search engines read is exactly what visitors see.
 */
export interface FaqItem {
  question: string
  answer: string
}

export const NO_CONTENT: FaqItem = {
  question: 'Does Watchio provide channels, movies or series?',
  answer:
    'No. Watchio is a player only: it does not host, sell, provide or distribute any content. You bring your own IPTV subscription from a provider of your choice, or your own files on a cloud, FTP or WebDAV server, and Watchio plays them.',
}

export const CANCEL: FaqItem = {
  question: 'How do I cancel my subscription?',
  answer:
    'Subscriptions are billed and managed by Apple. On iPhone or iPad, open Settings, tap your name, then Subscriptions, choose Watchio and tap Cancel Subscription. Premium stays active until the end of the period you have already paid for. To avoid being charged after a free trial, cancel before the trial ends.',
}

export const FAMILY: FaqItem = {
  question: 'Can I share Premium with my family?',
  answer:
    'Yes. The family plans use Apple Family Sharing: the organizer and up to five other family members, six people in total, get Premium on their own devices and Apple IDs. Family Lifetime is shared with up to 6 family members in the same way. Each person can also have their own profile inside the app.',
}
