// App-wide providers: data fetching (swr over the API client), the session, toasts (top-right).
import { ToastContainer } from 'react-toastify';
import { SWRConfig } from 'swr';
import { SessionProvider } from '../features/auth/components/session-provider';
import { swrFetcher } from '../lib/api-client';
import { AppRouter } from './router';

// The transport already retries GETs on 5xx and network errors; swr retrying too would multiply them.
const swrOptions = { fetcher: swrFetcher, shouldRetryOnError: false };

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
