import { SMTPServer } from 'smtp-server';

// A local SMTP server on 127.0.0.1 that keeps every message it is handed, so tests exercise the
// real mail transport (nodemailer speaking SMTP) without any outside provider.

export interface SinkMessage {
  from: string;
  to: string[];
  /** The raw message (headers and body) as received. */
  raw: string;
}

export interface SmtpSink {
  url: string;
  messages: SinkMessage[];
  /** Refuse (or accept again) every message, to test a mail server that says no. */
  refuse(refusing: boolean): void;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) return done(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse: (value) => (refusing = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to `path` in a received message (quoted-printable soft breaks undone). */
export function linkIn(message: SinkMessage, path: string): string | undefined {
  const body = message.raw
    .slice(message.raw.search(/\r?\n\r?\n/))
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const match = new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?token=[^\\s]+`).exec(body);
  return match?.[0];
}
