/** One plain-text email. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative (inline styles only, nothing loaded from elsewhere): the scheduled reports'. */
  html?: string;
}

/**
 * Where the services send email. `send` never waits for delivery and never throws into the caller:
 * a request answers the same whether or not (and however slowly) mail goes out.
 */
export interface Mailer {
  /** False when no SMTP server is configured (LSK_SMTP_URL unset): nothing is sent. */
  readonly enabled: boolean;
  send(message: MailMessage): void;
  /** Send now and resolve once the SMTP server accepted it (rejects when it did not): a scheduled report's claim ends only then. */
  deliver(message: MailMessage): Promise<void>;
  /** Wait (at most `ms`) for queued mail to go out: on shutdown. */
  drain(ms: number): Promise<void>;
}

/** Without LSK_SMTP_URL: the copy-the-link flows (invite URLs, `lsk user reset-password`) are the way. */
export const NO_MAIL: Mailer = {
  enabled: false,
  send: () => {},
  deliver: () => Promise.reject(new Error('no SMTP server is configured')),
  drain: async () => {},
};
