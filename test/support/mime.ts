/**
 * Just enough MIME to read what nodemailer sent to the test SMTP server: encoded-word headers
 * (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) and the parts of a multipart message, each decoded from
 * quoted-printable or base64. Any other encoding is left as it came (and would fail the test reading it).
 */

function decodeQp(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A header value with its encoded words decoded (adjacent words joined, as RFC 2047 says). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
    );
}

function split(raw: string): { head: string; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  return { head: raw.slice(0, at).replace(/\r\n[ \t]+/g, ' '), body: raw.slice(at + 4) };
}

const header = (head: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';

function decodeBody(head: string, body: string): string {
  const enc = header(head, 'Content-Transfer-Encoding').toLowerCase();
  if (enc === 'quoted-printable') return decodeQp(body);
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export interface ReadMessage {
  subject: string;
  to: string;
  /** Decoded parts by content type (text/plain, text/html). */
  parts: Record<string, string>;
}

export function readMessage(raw: string): ReadMessage {
  const { head, body } = split(raw);
  const type = header(head, 'Content-Type');
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const p = split(chunk.replace(/^\r\n/, ''));
      parts[header(p.head, 'Content-Type').split(';')[0]!.toLowerCase()] = decodeBody(p.head, p.body.replace(/\r\n$/, ''));
    }
  } else parts[type.split(';')[0]!.toLowerCase() || 'text/plain'] = decodeBody(head, body);
  return { subject: decodeHeader(header(head, 'Subject')), to: header(head, 'To'), parts };
}
