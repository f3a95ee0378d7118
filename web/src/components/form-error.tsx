// A form's validation message, announced at once (role="alert").
import { CircleAlert } from 'lucide-react';
import { Alert } from './ui/alert';

/** `id` lets the input the message is about point at it (`invalidInput`). */
export function FormError({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" id={id}>
      <CircleAlert aria-hidden="true" />
      <span>{message}</span>
    </Alert>
  );
}

/** The props of the input a form's message is about: marked invalid and described by the message. */
export const invalidInput = (errorId: string, invalid: boolean) =>
  invalid ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
