// Whether the window is below Tailwind's `md` breakpoint (48rem), where the screens take their phone
// layout (docs/screens.md#13-narrow-windows): for what a class cannot change, such as a table's column order.
import { useSyncExternalStore } from 'react';

const NARROW = '(width < 48rem)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export const useNarrowWindow = (): boolean =>
  useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches);
