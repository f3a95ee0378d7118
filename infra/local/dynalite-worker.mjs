// dynalite on its own thread: DynamoDB is a service of its own on AWS, and here it gets the second
// core instead of queueing behind the handlers that call it. Plain JavaScript, so a worker can load
// it without a TypeScript loader (tests, `npm start`, benchmarks alike).
import { parentPort, workerData } from 'node:worker_threads';
import dynalite from 'dynalite';

const requests = new Int32Array(workerData.requests);
// createTableMs 0: otherwise the table stays CREATING for a moment and the first write fails.
const server = dynalite({ ...(workerData.path ? { path: workerData.path } : {}), createTableMs: 0 });
// Counted before the answer goes out, so a caller that has its answer also sees it counted.
server.on('request', () => Atomics.add(requests, 0, 1));
server.on('error', (error) => parentPort.postMessage({ error: error.message }));
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  server.closeAllConnections();
  server.close(() => parentPort.postMessage({ closed: true }));
});
