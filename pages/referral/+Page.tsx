import { Island } from '../../renderer/Island.tsx'
import { ReferralCard } from './ReferralCard.tsx'
import './referral.css'

/** "How it works", in order. */
const STEPS: readonly { title: string; text: string }[] = [
  { title: 'Share your link', text: 'Send it to friends by message, e-mail or wherever you talk.' },
  { title: 'They get Watchio', text: 'Your friends download the app and bring their own IPTV and cloud accounts.' },
  { title: 'You get rewarded', text: 'Your rewards arrive once they have downloaded the app.' },
]

export default function Page() {
  return (
    <div className="container referral">
      <header className="page-header">
        <h1>Refer a Friend &amp; Get Rewards</h1>
        <p>Invite your friends to Watchio, the IPTV player for iPhone, iPad, Apple TV and Mac.</p>
      </header>

      <Island component={ReferralCard} />

      <ol className="referral__steps" aria-label="How it works">
        {STEPS.map((step, index) => (
          <li key={step.title}>
            <span className="referral__step-number" aria-hidden="true">
              {index + 1}
            </span>
            <h2>{step.title}</h2>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </div>
  )
}
