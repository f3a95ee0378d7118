// App-wide providers: data fetching (swr over src/api/), the session, toasts (top-right).
import { ToastContainer } from 'react-toastify';
import { SWRConfig } from 'swr';
import { SessionProvider } from '../features/auth/components/session-provider';
import { AppRouter } from './router';

// Every hook in src/api/ names its own fetcher. The transport already retries GETs on 5xx and network
// errors; swr retrying too would multiply them.
const swrOptions = { shouldRetryOnError: false };

export function App() {
  return (
    <SWRConfig value={swrOptions}>
      <SessionProvider>
        <AppRouter />
      </SessionProvider>
      <ToastContainer position="top-right" />
    </SWRConfig>
  );
}
