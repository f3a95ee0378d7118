import { LoginForm } from '../../features/auth/components/login-form';

export function LoginRoute() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <LoginForm />
    </main>
  );
}
