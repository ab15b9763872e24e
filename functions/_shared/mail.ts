import nodemailer, { type Transporter } from 'nodemailer';

// Outgoing mail, through the SMTP server SMTP_URL names (smtp://user:pass@host:port, or smtps://
// for TLS from the start) from the address MAIL_FROM. Both unset: the site sends no mail, and
// features that would (the newsletter's double opt-in) fall back to what works without it.

export interface MailSettings {
  url: string;
  from: string;
}

/** The configured transport, or undefined when SMTP_URL or MAIL_FROM is missing. */
export function mailSettings(env: Readonly<Record<string, string | undefined>> = process.env) {
  const url = env.SMTP_URL?.trim();
  const from = env.MAIL_FROM?.trim();
  return url && from ? ({ url, from } satisfies MailSettings) : undefined;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Sent as the List-Unsubscribe header, so mail programs offer their own button. */
  unsubscribeUrl?: string;
}

// One transport per URL: it keeps no connection open between messages (no pool).
const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

/** Sends one plain-text message; throws when the server refuses it or cannot be reached. */
export async function sendMail(settings: MailSettings, message: MailMessage): Promise<void> {
  await transportFor(settings.url).sendMail({
    from: settings.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.unsubscribeUrl ? { list: { unsubscribe: message.unsubscribeUrl } } : {}),
  });
}
