/** One-time tokens travel in the URL fragment (#token=…): never sent to a server, never logged. */
export function tokenFromFragment(): string {
  return new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
}
