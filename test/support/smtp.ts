/**
 * A real SMTP server for the email suites (smtp-server from npm), on a free loopback port, that
 * wants a user name and password and keeps every message it accepts. The service under test sends
 * to it through LSK_SMTP_URL exactly as it would to a company's mail server.
 */
import { SMTPServer } from 'smtp-server';
import { freePort } from './server.js';

export interface Delivered {
  from: string;
  to: string[];
  subject: string;
  /** The plain-text body, quoted-printable decoded. */
  text: string;
  raw: string;
}

export interface TestSmtp {
  /** `smtp://user:password@127.0.0.1:port` (for LSK_SMTP_URL). */
  url: string;
  user: string;
  password: string;
  messages: Delivered[];
  /** Messages to one address so far. */
  to(address: string): Delivered[];
  stop(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, from: string, to: string[]): Delivered {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const qp = /quoted-printable/i.test(header('Content-Transfer-Encoding'));
  return { from, to, subject: header('Subject'), text: qp ? decodeQuotedPrintable(body) : body, raw };
}

export async function startSmtp(): Promise<TestSmtp> {
  const port = await freePort();
  const user = 'lsk-mailer';
  const password = 'smtp-password-9f3b1c';
  const messages: Delivered[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username === user && auth.password === password) done(null, { user });
      else done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push(
          parse(
            Buffer.concat(chunks).toString('utf8'),
            from,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    user,
    password,
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
