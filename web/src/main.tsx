// Entry: load and validate /config.json, point the API client at it, then render.
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from './api/client';
import { App } from './app/app';
import { loadWebConfig } from './config/web-config';

async function start(container: HTMLElement) {
  const root = createRoot(container);
  try {
    configureApiClient(await loadWebConfig());
  } catch (error) {
    console.error('Could not start: runtime configuration is missing or invalid', error);
    root.render(
      <div role="alert" className="p-8 text-center">
        <h1 className="text-xl font-semibold">Check My Price could not start</h1>
        <p className="mt-2 text-muted-foreground">
          The app configuration could not be loaded. Please reload the page.
        </p>
      </div>,
    );
    return;
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void start(container);
