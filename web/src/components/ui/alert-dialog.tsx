// Confirmation dialog (Radix AlertDialog): Cancel gets focus first, so Enter never confirms by accident;
// the browser's Back cancels it.
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useBackCloses } from './back-closes';
import { type ButtonVariant, buttonClasses } from './button';
import {
  bodyClasses,
  contentClasses,
  dialogSizes,
  footerClasses,
  overlayClasses,
  scrollerClasses,
} from './dialog';
import { useReturnFocus } from './return-focus';

/** Opened from state (`open`), so that Back can cancel it through `onOpenChange` as Escape does. */
export function AlertDialog({
  open,
  onOpenChange,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Root> & { open: boolean; onOpenChange(open: boolean): void }) {
  useBackCloses(open, () => onOpenChange(false));
  return <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange} {...props} />;
}
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={overlayClasses} />
      <AlertDialogPrimitive.Content
        className={cn(contentClasses, dialogSizes.md, className)}
        {...returnFocus}
        {...props}
      >
        <div className={scrollerClasses}>
          <div className={bodyClasses}>{children}</div>
        </div>
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(footerClasses, className)} {...props} />;
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return <AlertDialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return (
    <AlertDialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

/** The confirming button; `variant="destructive"` for deletes. */
export function AlertDialogAction({
  variant = 'default',
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action> & { variant?: ButtonVariant }) {
  return <AlertDialogPrimitive.Action className={cn(buttonClasses(variant), className)} {...props} />;
}

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel className={cn(buttonClasses('outline'), className)} {...props} />;
}
