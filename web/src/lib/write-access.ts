// Who may change things (docs/rules.md#18-roles-and-permissions): admins and staff; a viewer reads
// everything and changes nothing, so the screens do not render a viewer the controls that would change
// something (the API would refuse them with 403 anyway). The shell reads the signed-in user's role once
// and provides the answer; components ask `useCanWrite()`.
import type { Role } from '@cmp/shared';
import { createContext, useContext } from 'react';

/** Admins and staff change things; a viewer does not, nor anyone not signed in. */
export const canWrite = (role: Role | undefined): boolean => role !== undefined && role !== 'viewer';

/** Said to a viewer where the way to add something would be (like 'An administrator adds them.'). */
export const WRITERS_ADD_THEM = 'An administrator or staff member adds them.';

/** False outside the signed-in shell: no write controls without a user who may use them. */
export const CanWriteContext = createContext(false);

/** True when the signed-in user may change things: only then are the controls that do rendered. */
export const useCanWrite = (): boolean => useContext(CanWriteContext);
