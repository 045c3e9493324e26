/** One plain-text email. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Where the services send email. `send` never waits for delivery and never throws into the caller:
 * a request answers the same whether or not (and however slowly) mail goes out.
 */
export interface Mailer {
  /** False when no SMTP server is configured (LSK_SMTP_URL unset): nothing is sent. */
  readonly enabled: boolean;
  send(message: MailMessage): void;
  /** Wait (at most `ms`) for queued mail to go out: on shutdown. */
  drain(ms: number): Promise<void>;
}

/** Without LSK_SMTP_URL: the copy-the-link flows (invite URLs, `lsk user reset-password`) are the way. */
export const NO_MAIL: Mailer = { enabled: false, send: () => {}, drain: async () => {} };
