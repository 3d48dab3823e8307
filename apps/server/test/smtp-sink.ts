import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** Envelope recipients, lower-case. */
  to: string[];
  from: string;
  replyTo: string | undefined;
  subject: string;
  text: string;
  html: string;
};

export type SmtpSink = {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail matching `predicate`, waiting for it up to `timeoutMs`. */
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/** A real SMTP server in the test process: the app under test delivers to it through nodemailer. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            replyTo: mail.replyTo?.value[0]?.address,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(predicate, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('expected mail did not arrive');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
