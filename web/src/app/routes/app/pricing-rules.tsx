// /pricing-rules: every signed-in user reads the pricing rules and what they would do; admins change them.
import { useSession } from '../../../features/auth/components/use-session';
import { PricingRulesView } from '../../../features/pricing-rules/components/pricing-rules-view';

export function PricingRulesRoute() {
  const { user } = useSession();
  return <PricingRulesView canEdit={user?.role === 'admin'} />;
}
