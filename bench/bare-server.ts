/**
 * The baseline: bare node:http answering 302 from a Map of the same aliases lsk serves.
 * argv: <sqlite file> <port>
 */
import { createServer } from 'node:http';
import Database from 'better-sqlite3';

const [file, port] = process.argv.slice(2) as [string, string];
const db = new Database(file, { readonly: true });
const map = new Map<string, string>();
for (const r of db.prepare('SELECT domain, alias, destination FROM links').iterate() as Iterable<{ domain: string; alias: string; destination: string }>) {
  map.set(`${r.domain}/${r.alias}`, r.destination);
}
db.close();
createServer((req, res) => {
  const target = map.get(`${req.headers.host}${req.url}`);
  if (target) {
    res.writeHead(302, { location: target, 'content-length': '0' });
    res.end();
  } else {
    res.writeHead(404, { 'content-length': '0' });
    res.end();
  }
}).listen(Number(port), '127.0.0.1');
