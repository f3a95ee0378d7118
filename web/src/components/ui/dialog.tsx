// Modal dialog (Radix): focus trapped inside, Escape, the close button and the browser's Back dismiss it.
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useBackCloses } from './back-closes';
import { useReturnFocus } from './return-focus';

/** Opened from state (`open`), so that Back can close it through `onOpenChange` as Escape does. */
export function Dialog({
  open,
  onOpenChange,
  ...props
}: ComponentProps<typeof DialogPrimitive.Root> & { open: boolean; onOpenChange(open: boolean): void }) {
  useBackCloses(open, () => onOpenChange(false));
  return <DialogPrimitive.Root open={open} onOpenChange={onOpenChange} {...props} />;
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export const overlayClasses = 'fixed inset-0 z-50 bg-black/50';
/**
 * The frame: 1 rem from each edge of a phone's screen at most (docs/screens.md#13-narrow-windows). It does
 * not scroll itself; `scrollerClasses` inside it does.
 */
export const contentClasses =
  'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border bg-background shadow-lg focus:outline-none sm:max-h-[90vh]';
/** What scrolls: the body, and the close button held at its top right. */
export const scrollerClasses = 'flex min-h-0 flex-col overflow-y-auto';
/** The body: one column that cannot grow wider than the frame, whatever its content. */
export const bodyClasses = 'grid grid-cols-1 gap-4 p-6';
/** Footers stay at the foot of the scrolling body, so their buttons are always on screen. */
export const footerClasses =
  'sticky bottom-0 flex flex-col-reverse gap-2 bg-background sm:flex-row sm:justify-end';

/** Widths; a size prop rather than a class override, because `cn` does not resolve conflicting utilities. */
export const dialogSizes = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export function DialogContent({
  className,
  children,
  size = 'md',
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { size?: keyof typeof dialogSizes }) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        className={cn(contentClasses, dialogSizes[size], className)}
        {...returnFocus}
        {...props}
      >
        <div className={scrollerClasses}>
          <div className={bodyClasses}>{children}</div>
          {/* Last for Tab and for the first focus, which goes to the first field; shown first and sticky,
              so it stays at the top right while the body scrolls. Inside the scroller, so a dialog of
              text alone still has something focusable there (axe: scrollable-region-focusable). */}
          <div className="sticky top-0 z-10 order-first h-0">
            <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm bg-background opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              <X className="size-4" aria-hidden="true" />
              <span className="sr-only">Close</span>
            </DialogPrimitive.Close>
          </div>
        </div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(footerClasses, className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
