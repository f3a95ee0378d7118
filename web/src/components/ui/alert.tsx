import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'bg-background text-foreground',
  // No red tint behind the red text: on one, the text falls under 4.5:1 (4.46).
  destructive: 'border-destructive/50 bg-background text-destructive',
} as const;

/** A message box. Destructive alerts are announced at once (role="alert"); others politely (role="status"). */
export function Alert({
  variant = 'default',
  className,
  ...props
}: ComponentProps<'div'> & { variant?: keyof typeof variants }) {
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(
        'relative flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-sm [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:translate-y-0.5',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-medium leading-none tracking-tight', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('text-sm [&_p]:leading-relaxed', className)} {...props} />;
}
