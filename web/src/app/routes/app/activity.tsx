// /activity: the activity log for admins; others who open the address get a short message instead.
import { ADMINS_ONLY_ACTIVITY } from '@cmp/shared';
import { PageHeader } from '../../../components/layouts/app-shell';
import { ActivityView } from '../../../features/activity/components/activity-view';
import { useSession } from '../../../features/auth/components/use-session';

export function ActivityRoute() {
  const { user } = useSession();
  if (user?.role === 'admin') return <ActivityView />;
  return <PageHeader title="Activity" description={`${ADMINS_ONLY_ACTIVITY}.`} />;
}
