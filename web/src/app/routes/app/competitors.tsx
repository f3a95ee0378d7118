// /competitors: the competitor URLs page, composed by the competitors feature, then the shops they
// belong to (each URL belongs to the shop whose domain it is on), as the Matches page shows them.
import { useSession } from '../../../features/auth/components/use-session';
import { CompetitorsView } from '../../../features/competitors/components/competitors-view';
import { ShopsCard } from '../../../features/matches/components/shops-card';

export function CompetitorsRoute() {
  const { user } = useSession();
  return (
    <>
      <CompetitorsView />
      <div className="mt-6">
        <ShopsCard canEdit={user?.role === 'admin'} />
      </div>
    </>
  );
}
