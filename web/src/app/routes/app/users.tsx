// /users: the users feature for admins; staff who open the address get a short message instead.
import { PageHeader } from '../../../components/layouts/app-shell';
import { useSession } from '../../../features/auth/components/use-session';
import { UsersView } from '../../../features/users/components/users-view';

export function UsersRoute() {
  const { user } = useSession();
  if (user?.role === 'admin') return <UsersView currentUserId={user.id} />;
  return <PageHeader title="Users" description="Only an administrator can manage users." />;
}
