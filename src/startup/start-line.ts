/**
 * The one line `npm start` prints for people, on stderr beside the JSON log on stdout: where the
 * dashboard and the API docs are, and how the first user is made (LOG_FORMAT=json turns it off).
 */
export function startLine(publicUrl: string): string {
  return (
    `lsk is running: dashboard ${publicUrl}/dashboard, API docs ${publicUrl}/docs; ` +
    'first user: npx lsk workspace create acme, then npx lsk user create you@example.com --workspace acme'
  );
}
