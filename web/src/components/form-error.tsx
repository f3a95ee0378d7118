// A form's validation message, announced at once (role="alert").
import { CircleAlert } from 'lucide-react';
import { Alert } from './ui/alert';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <span>{message}</span>
    </Alert>
  );
}
