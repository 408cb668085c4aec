// The island of /referral (renderer/Island.tsx). With a link, the card copies it on arrival (SPEC
// §2), so it comes at once; without one it shows its message from the page's own markup, and React
// comes only when the visitor is about to press Copy (renderer/islands-loader.ts).
import { armIslands } from '../../renderer/islands-loader.ts'
import { referralLinkFrom } from './referral-link.ts'
import { showNoLink } from './show-no-link.ts'

const hasLink = referralLinkFrom(location.href) !== null
if (!hasLink) showNoLink()
armIslands({ ReferralCard: () => import('./ReferralCard.tsx').then((module) => module.ReferralCard) }, { now: hasLink, mount: 'render' })
