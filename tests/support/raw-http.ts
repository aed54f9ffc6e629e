import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` byte for byte over a fresh TCP connection and reads until the server closes
 * it (ask for `Connection: close`): for request targets that `fetch` would normalise (`/../x`, `%2e%2e`) or refuse to send.
 */
export function rawRequest(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const headerEnd = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text
        .slice(0, headerEnd < 0 ? text.length : headerEnd)
        .split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
        headers,
        body: headerEnd < 0 ? '' : Buffer.from(text.slice(headerEnd + 4), 'latin1').toString('utf8'),
      });
    });
    // Not end(): a half-closed connection makes Node's HTTP server drop requests still pending.
    socket.write(request);
  });
}

/** A GET of `target` exactly as written, on a connection the server is asked to close. */
export const rawGet = (port: number, target: string, headers: Record<string, string> = {}) =>
  rawRequest(
    port,
    `GET ${target} HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`,
  );
