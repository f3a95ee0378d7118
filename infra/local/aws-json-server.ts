import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What one operation of a stand-in does with its request body; throw `awsError` to refuse. */
export type AwsJsonOperations = Record<string, (body: Record<string, unknown>) => unknown>;

export interface AwsJsonServer {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * A loopback server speaking the AWS JSON protocol (1.0 or 1.1), as the functions' real SDK clients
 * call the stand-ins: the operation named by `X-Amz-Target` (`<service prefix>.<operation>`), a JSON
 * body in and out, a refusal as 400 `{ __type, message }`.
 */
export async function startAwsJsonServer(
  operations: AwsJsonOperations,
  protocolVersion: '1.0' | '1.1',
): Promise<AwsJsonServer> {
  const send = (res: ServerResponse, status: number, body: unknown) => {
    const json = JSON.stringify(body ?? {});
    res.writeHead(status, {
      'content-type': `application/x-amz-json-${protocolVersion}`,
      'content-length': Buffer.byteLength(json),
    });
    res.end(json);
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const act = Object.hasOwn(operations, operation) ? operations[operation] : undefined;
      if (!act) {
        const supported = Object.keys(operations).join(', ');
        throw awsError(
          'UnknownOperationException',
          `${operation || 'This operation'} is not supported locally (only ${supported})`,
        );
      }
      send(res, 200, await act(JSON.parse(Buffer.concat(chunks).toString() || '{}')));
    } catch (error) {
      const { name, message } = error as Error;
      send(res, 400, { __type: name === 'SyntaxError' ? 'SerializationException' : name, message });
    }
  };
  const server = createServer((req, res) => {
    void handle(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An error the SDK client sees as the service's own (its `name` is the exception's). */
export function awsError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}
