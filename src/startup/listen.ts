import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StartupError } from './failure.js';

const REASONS: Record<string, string> = {
  EADDRINUSE: 'the port is already in use (set PORT to another)',
  EACCES: 'permission denied (ports below 1024 need privileges; set PORT to another)',
  EADDRNOTAVAIL: 'this machine has no such address (set HOST to one of its addresses, or 0.0.0.0)',
  ENOTFOUND: 'the host name does not resolve (set HOST to an address, or 0.0.0.0)',
  EAI_AGAIN: 'the host name does not resolve (set HOST to an address, or 0.0.0.0)',
};

/** server.listen as a promise; a refusal becomes one line naming the address and what to change. */
export function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      const where = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
      reject(new StartupError(`cannot listen on ${where}: ${REASONS[e.code ?? ''] ?? e.message}`, 1, { cause: e }));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}
