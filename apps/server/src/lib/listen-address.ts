/**
 * The address a start log shows for a listener: the host it was bound to, or `localhost` when
 * it listens on every interface (0.0.0.0, ::), saying so, since a wildcard is not an address a
 * browser can open.
 */
export function listenUrl(host: string, port: number): string {
  const everyInterface = host === '0.0.0.0' || host === '::' || host === '';
  if (everyInterface) return `http://localhost:${port} (every interface)`;
  const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
