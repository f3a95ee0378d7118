// /users: the users feature for admins; staff who open the address get a short message instead.
import { ADMINS_ONLY_USERS } from '@cmp/shared';
import { PageHeader } from '../../../components/layouts/app-shell';
import { useSession } from '../../../features/auth/components/use-session';
import { UsersView } from '../../../features/users/components/users-view';

export function UsersRoute() {
  const { user } = useSession();
  if (user?.role === 'admin') return <UsersView currentUserId={user.id} />;
  return <PageHeader title="Users" description={`${ADMINS_ONLY_USERS}.`} />;
}
