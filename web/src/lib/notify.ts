// Toasts in one place, so every failure message follows spec §8.
import { toast } from 'react-toastify';
import { errorMessage } from './api-error';

/** Shows the server's error text when it sent one, else `fallback` (e.g. 'Failed to fetch products'). */
export function notifyError(error: unknown, fallback: string, autoClose?: number): void {
  toast.error(errorMessage(error, fallback), autoClose === undefined ? undefined : { autoClose });
}

export function notifySuccess(message: string): void {
  toast.success(message);
}
