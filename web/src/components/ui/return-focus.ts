// Radix gives focus back on close only to a Dialog.Trigger, and the app opens its dialogs from state:
// without this, closing a dialog left focus on the page, and keyboard users had to start over.
import { useRef } from 'react';

interface AutoFocusHandlers {
  onOpenAutoFocus?(event: Event): void;
  onCloseAutoFocus?(event: Event): void;
}

/**
 * A dialog content's auto-focus handlers that remember the control focused as the dialog opens and
 * focus it again as the dialog closes (WCAG 2.4.3). The caller's own handlers run first.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented || !opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
