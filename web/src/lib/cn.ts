import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names, skipping falsy ones. It does not resolve Tailwind conflicts (no tailwind-merge):
 * components expose variant/size props instead of expecting `className` to override e.g. a width.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
