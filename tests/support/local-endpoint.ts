/** Integration tests talk to emulators only: anything but a loopback endpoint is refused. */
export function assertLocalEndpoint(url: string | undefined, what: string): string {
  if (!url) throw new Error(`${what}: no endpoint configured`);
  const host = new URL(url).hostname;
  if (!['localhost', '127.0.0.1', '::1', '[::1]'].includes(host)) {
    throw new Error(`${what}: refusing to run tests against non-local endpoint ${url}`);
  }
  return url;
}
