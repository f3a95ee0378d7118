// The header on narrow windows (docs/screens.md#13-narrow-windows, decision 56): one 'Menu' button opens
// a panel with the main navigation and the user's details and Log out. A Radix dialog, so focus moves
// into the panel and stays there, Escape, the close button or a click outside closes it, and focus goes
// back to the button.
import { Menu, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Button } from '../ui/button';
import { overlayClasses } from '../ui/dialog';

export function NavMenu({
  className,
  nav,
  userPanel,
}: {
  className?: string;
  /** The navigation; called with what a link calls once followed, so the panel closes. */
  nav(onNavigate: () => void): ReactNode;
  userPanel: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" className={className} aria-label="Menu">
          <Menu aria-hidden="true" />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          // The title names the panel; nothing more to describe.
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[calc(100%-3rem)] flex-col gap-4 overflow-y-auto border-l bg-background p-4 shadow-lg focus:outline-none"
        >
          <div className="flex items-center justify-between gap-2">
            <DialogPrimitive.Title className="text-lg font-semibold">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          {nav(() => setOpen(false))}
          <div className="border-t pt-4">{userPanel}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
