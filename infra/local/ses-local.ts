import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

export interface LocalSes {
  /** SES_ENDPOINT for the functions, and the page listing the mail sent (open it in a browser). */
  endpoint: string;
  close(): Promise<void>;
}

/**
 * SES's stand-in: aws-ses-v2-local answers the SES v2 API (SendEmail among others) and shows the
 * mail it took on its start page. Its store is one per process, shared by every stack in it.
 */
export async function startLocalSes(options: { port: number; host?: string }): Promise<LocalSes> {
  // A CommonJS package: require() hands its default export the same way under tsx and vitest.
  const { default: startServer } = createRequire(import.meta.url)(
    'aws-ses-v2-local',
  ) as typeof import('aws-ses-v2-local');
  const host = options.host ?? '127.0.0.1';
  const server = await startServer({ host, port: options.port });
  // It resolves even when listening failed (express hands the error to a callback that drops it).
  if (!server.listening)
    throw Object.assign(new Error(`Port ${options.port} is already in use`), {
      code: 'EADDRINUSE',
      port: options.port,
    });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
