/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives, parsed
 * (mailparser): the e2e server sends its mail here through MAIL_URL (playwright.config.ts).
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const SMTP_PORT = Number(process.env['E2E_SMTP_PORT'] ?? 4462);

export interface Inbox {
  mails: ParsedMail[];
  /** The mails addressed to `address`, waiting up to `timeoutMs` for at least one. */
  waitFor(address: string, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

const addressesOf = (mail: ParsedMail) =>
  [mail.to].flat().flatMap((to) => to?.value.map((a) => a.address?.toLowerCase()) ?? []);

export async function openInbox(port = SMTP_PORT): Promise<Inbox> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    mails,
    async waitFor(address, timeoutMs = 15_000) {
      const wanted = address.toLowerCase();
      for (let waited = 0; waited < timeoutMs; waited += 100) {
        const found = mails.filter((mail) => addressesOf(mail).includes(wanted));
        if (found.length > 0) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
