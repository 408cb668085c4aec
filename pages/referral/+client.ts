// The islands of /referral (renderer/Island.tsx): all the browser loads of the page, with React.
import { hydrateIslands } from '../../renderer/islands-client.tsx'
import { ReferralCard } from './ReferralCard.tsx'

hydrateIslands({ ReferralCard })
