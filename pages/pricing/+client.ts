// The islands of /pricing (renderer/Island.tsx), each loaded when the reader is about to use it
// (renderer/islands-loader.ts).
import { armIslands } from '../../renderer/islands-loader.ts'

armIslands({
  PricingPlans: () => import('./PricingPlans.tsx').then((module) => module.PricingPlans),
  Lifetime: () => import('./Lifetime.tsx').then((module) => module.Lifetime),
})
