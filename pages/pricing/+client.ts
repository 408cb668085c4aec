// The islands of /pricing (renderer/Island.tsx): all the browser loads of the page, with React.
import { hydrateIslands } from '../../renderer/islands-client.tsx'
import { Lifetime } from './Lifetime.tsx'
import { PricingPlans } from './PricingPlans.tsx'

hydrateIslands({ PricingPlans, Lifetime })
