// A small icon button for table rows: the label names it for screen readers and shows as a tooltip.
import type { ComponentProps, ReactNode } from 'react';
import { Button } from './ui/button';
import { Tooltip } from './ui/tooltip';

export function IconAction({
  label,
  tip,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, 'size' | 'variant'> & {
  label: string;
  tip?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip content={tip ?? label}>
      <Button variant="ghost" size="icon" aria-label={label} {...props}>
        {children}
      </Button>
    </Tooltip>
  );
}
