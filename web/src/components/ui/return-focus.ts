// Radix gives focus back on close only to a Dialog.Trigger, and the app opens its dialogs from state:
// without this, closing a dialog left focus on the page, and keyboard users had to start over.
import { useRef } from 'react';

interface AutoFocusHandlers {
  onOpenAutoFocus?(event: Event): void;
  onCloseAutoFocus?(event: Event): void;
}

/** What holds a control and can take focus itself: a table's scrolling region, an outer dialog. */
const FOCUSABLE_HOLDER = '[tabindex]:not([tabindex="-1"]), [role="dialog"], [role="alertdialog"]';

/**
 * A dialog content's auto-focus handlers that remember the control focused as the dialog opens and
 * focus it again as the dialog closes (WCAG 2.4.3). When that control is gone (its row was deleted),
 * focus goes to what held it (the table, an outer dialog), else to the page's heading, unless focus
 * already rests on a control: a dialog closing with this one (a form closed by its 'Discard unsaved
 * changes?') gave it back to its own opener. The caller's own handlers run first.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers) {
  const opener = useRef<HTMLElement | null>(null);
  const holder = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      const focused = document.activeElement;
      opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
      holder.current = opener.current
        ? (opener.current.parentElement?.closest<HTMLElement>(FOCUSABLE_HOLDER) ?? null)
        : dialogBeneath(event.target);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target =
        [opener.current, holder.current].find((element) => element?.isConnected) ??
        (focusLost() ? pageHeading() : null);
      if (!target) return;
      event.preventDefault();
      target.focus();
      if (target === opener.current) keepFocusWhenRemoved(target, holder.current);
    },
  };
}

/** How long after a dialog closes its opener may still go (a delete's reload): a few seconds. */
const REMOVAL_WATCH_MS = 5000;

/**
 * A delete's confirmation closes before the list reloads, so its opener (the row's Delete button) is
 * removed just after taking focus back, which would drop focus on the page: then the holder takes it.
 */
function keepFocusWhenRemoved(opener: HTMLElement, holder: HTMLElement | null) {
  const observer = new MutationObserver(() => {
    if (opener.isConnected) return;
    stop();
    if (focusLost()) (holder?.isConnected ? holder : pageHeading())?.focus();
  });
  const timer = window.setTimeout(() => stop(), REMOVAL_WATCH_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * With nothing focused as a dialog opens (a click on the overlay of a dialog beneath asked it to open),
 * that dialog beneath holds the focus to give back, not the page behind it.
 */
function dialogBeneath(opening: EventTarget | null): HTMLElement | null {
  const open = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]'));
  return open.filter((dialog) => dialog !== opening).at(-1) ?? null;
}

const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/** The page's heading, made focusable by script only, so focus has a place that says where it is. */
function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}
