import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

/** The address the proxy connects from: what a shop sees of a request that came through it. */
export const PROXY_EGRESS = '127.0.0.9';

export interface ProxyFixture {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly hostPort: string;
  /** Each CONNECT it was asked for: the target, and whether its credentials were right. */
  readonly tunnels: { target: string; authorised: boolean }[];
  /** TCP connections it accepted. */
  connections: number;
  close(): Promise<void>;
}

/**
 * A loopback HTTP CONNECT proxy for tests with basic auth: a tunnel with the right user name and
 * password goes to its target from PROXY_EGRESS; wrong or missing credentials get 407.
 */
export async function startProxyFixture(credentials: {
  username: string;
  password: string;
}): Promise<ProxyFixture> {
  const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const server = createServer((_req, res) => res.writeHead(405).end());
  const state = { tunnels: [] as { target: string; authorised: boolean }[], connections: 0 };
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    state.connections++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    const authorised = req.headers['proxy-authorization'] === expected;
    state.tunnels.push({ target, authorised });
    if (!authorised) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n',
      );
      return;
    }
    const [host, port] = [
      target.slice(0, target.lastIndexOf(':')),
      Number(target.slice(target.lastIndexOf(':') + 1)),
    ];
    const upstream = connect({ host, port, localAddress: PROXY_EGRESS }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}
