// Opens a competitor page or a search in a popup (docs/rules.md#17-client-timings-and-limits: 1200x800 at
// offset 100).
import { POPUP_FEATURES } from '../utils/comparison-view';

/** The opened page must not reach back into this tab (reverse tabnabbing), so its opener is cut. */
export function openPopup(url: string): void {
  const popup = window.open(url, '_blank', POPUP_FEATURES);
  if (popup) popup.opener = null;
}
