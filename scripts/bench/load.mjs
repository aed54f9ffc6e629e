// A load generator in its own process (so it does not share the gateway's event loop): N clients,
// each with its own keep-alive connection, sending GET requests back to back. It speaks HTTP/1.1
// over raw sockets and reads only status and Content-Length, so the client costs a few
// microseconds per request and the numbers describe the server, not the client.
// Arguments: url, clients, requests per client, warm-up requests per client.
// Prints {latencies, seconds} as JSON.
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';

const [urlArg, clientsArg, perClientArg, warmArg] = process.argv.slice(2);
const url = new URL(urlArg);
const clients = Number(clientsArg);
const perClient = Number(perClientArg);
const warm = Number(warmArg);
const requestBytes = Buffer.from(
  `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`,
);

function client(count, latencies) {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    socket.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let sent = 0;
    let started = 0;
    const send = () => {
      if (sent === count) {
        socket.end();
        return resolve();
      }
      sent += 1;
      started = performance.now();
      socket.write(requestBytes);
    };
    socket.on('connect', send);
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const head = buffer.subarray(0, headerEnd).toString('latin1');
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
      if (!head.startsWith('HTTP/1.1 200') || Number.isNaN(length))
        return reject(new Error(`unexpected answer: ${head.split('\r\n')[0]}`));
      if (buffer.length < headerEnd + 4 + length) return;
      latencies?.push(performance.now() - started);
      buffer = buffer.subarray(headerEnd + 4 + length);
      send();
    });
  });
}

await Promise.all(Array.from({ length: clients }, () => client(warm)));
const latencies = [];
const started = performance.now();
await Promise.all(Array.from({ length: clients }, () => client(perClient, latencies)));
process.stdout.write(JSON.stringify({ latencies, seconds: (performance.now() - started) / 1000 }));
