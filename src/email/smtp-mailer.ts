import type { Transporter } from 'nodemailer';
import { deferred, loadAtStart } from '../domain/deferred.js';
import type { Mailer, MailMessage } from '../services/mail/mailer.js';

/** Mail waiting to go out at most; beyond it new mail is dropped (and logged), so memory stays bounded. */
export const MAX_QUEUED = 1000;
/** Loaded by the server at start only when mail is configured (a mailer is built). */
const nodemailer = deferred(() => import('nodemailer'), { atStart: false });

interface MailLog {
  warn(obj: object, msg?: string): void;
  info?(obj: object, msg?: string): void;
}

/**
 * Email through the SMTP server of LSK_SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`;
 * nodemailer reads the URL). Messages queue in process and go out one at a time after the request
 * that caused them has answered; a failed send is logged (subject only: never the recipient's
 * address, the body or the server's credentials) and not retried.
 */
export class SmtpMailer implements Mailer {
  readonly enabled = true;
  private transport: Transporter | undefined;
  private readonly queue: MailMessage[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {
    loadAtStart(nodemailer);
  }

  send(message: MailMessage): void {
    if (this.queue.length >= MAX_QUEUED) {
      this.log.warn({ subject: message.subject }, 'mail queue full: message dropped');
      return;
    }
    this.queue.push(message);
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
  }

  private async run(): Promise<void> {
    for (let m = this.queue.shift(); m; m = this.queue.shift()) {
      try {
        this.transport ??= (await nodemailer()).createTransport(this.url);
        await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
        this.log.info?.({ subject: m.subject }, 'mail sent');
      } catch (e) {
        this.log.warn({ subject: m.subject, error: (e as Error).message?.slice(0, 200) }, 'mail not sent');
      }
    }
  }

  async deliver(m: MailMessage): Promise<void> {
    this.transport ??= (await nodemailer()).createTransport(this.url);
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
    this.log.info?.({ subject: m.subject }, 'mail sent');
  }

  async drain(ms: number): Promise<void> {
    if (!this.running) return;
    await Promise.race([this.running, new Promise((r) => setTimeout(r, ms).unref())]);
  }
}
