/**
 * A tiny MaxMind DB (MMDB) file for tests, written from the format's specification: an IPv4 search
 * tree (24-bit records) with one network leading to one record, the data section, and the metadata
 * map. Enough for the `maxmind` reader to answer like a GeoLite2-City file for that network.
 */

type Value = string | number | Value[] | { [k: string]: Value };

function control(type: number, size: number): Buffer {
  if (size >= 29) throw new Error('test MMDB values are small');
  return type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
}

/** One value in the MMDB data encoding: strings, uint32 numbers, arrays and maps. */
function encode(v: Value): Buffer {
  if (typeof v === 'string') {
    const b = Buffer.from(v, 'utf8');
    return Buffer.concat([control(2, b.length), b]);
  }
  if (typeof v === 'number') {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v);
    return Buffer.concat([control(6, 4), b]);
  }
  if (Array.isArray(v)) return Buffer.concat([control(11, v.length), ...v.map(encode)]);
  const entries = Object.entries(v);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, x]) => [encode(k), encode(x)])]);
}

const record24 = (n: number) => Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);

/** An IPv4 database where `network` (a.b.c.d/prefix) holds `record` and every other address nothing. */
export function tinyMmdb(network: string, record: Value): Buffer {
  const [ip, prefix] = network.split('/') as [string, string];
  const bits = Number(prefix);
  const addr = ip.split('.').reduce((a, o) => a * 256 + Number(o), 0);
  const nodeCount = bits;
  const data = encode(record);
  const dataPointer = nodeCount + 16; // the record sits at offset 0 of the data section
  const nodes: Buffer[] = [];
  for (let depth = 0; depth < bits; depth++) {
    const bit = Math.floor(addr / 2 ** (31 - depth)) % 2;
    const next = depth === bits - 1 ? dataPointer : depth + 1;
    const [left, right] = bit === 0 ? [next, nodeCount] : [nodeCount, next];
    nodes.push(record24(left), record24(right));
  }
  const metadata = encode({
    node_count: nodeCount,
    record_size: 24,
    ip_version: 4,
    database_type: 'GeoLite2-City',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000,
    description: { en: 'lsk test city database' },
  });
  return Buffer.concat([...nodes, Buffer.alloc(16), data, Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'), metadata]);
}
