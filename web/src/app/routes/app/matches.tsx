// /matches: every signed-in user reviews the suggested matches; admins manage the shops and start discoveries.
import { useSession } from '../../../features/auth/components/use-session';
import { MatchesView } from '../../../features/matches/components/matches-view';

export function MatchesRoute() {
  const { user } = useSession();
  return <MatchesView canEdit={user?.role === 'admin'} />;
}
