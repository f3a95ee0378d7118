// A generated password (a new user's, or a reset's): the API returns it in that answer only, so it is
// shown once, with a copy button (docs/screens.md#12-users-page).
import type { RefObject } from 'react';
import { ShowOnceDialog } from '../../../components/show-once-dialog';

export interface OneTimePassword {
  username: string;
  password: string;
}

/** Open while `shown` is set; closing it focuses `returnFocusTo` (the button that started it). */
export function OneTimePasswordDialog({
  shown,
  onClose,
  returnFocusTo,
}: {
  shown: OneTimePassword | null;
  onClose(): void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <ShowOnceDialog
      title="One-time password"
      description={`Copy it now and give it to ${shown?.username} in person or another safe way: it will not be shown again.`}
      values={shown ? [{ label: `Password for ${shown.username}`, value: shown.password }] : []}
      what="password"
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    />
  );
}
