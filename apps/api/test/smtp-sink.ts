/**
 * A local SMTP server (smtp-server) for the tests of the real SMTP path: it records each message it
 * accepts (recipients, Message-ID, the body as a reader sees it) and can refuse the next N.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SunkMessage {
  to: string[];
  messageId: string | null;
  /** The raw message with a quoted-printable body decoded (soft breaks joined, =XX read). */
  body: string;
}

/**
 * A quoted-printable message as a reader sees it; a 7bit one is left alone (its links may hold
 * "=3E" in a token, which is not an escape there).
 */
const decodeQp = (raw: string) =>
  /^content-transfer-encoding:\s*quoted-printable/im.test(raw)
    ? raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    : raw;

export async function smtpSink() {
  const received: SunkMessage[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        if (refuse > 0) {
          refuse -= 1;
          return done(Object.assign(new Error('451 try again later'), { responseCode: 451 }));
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? null,
          body: decodeQp(raw),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    to: (address: string) => received.filter((m) => m.to.includes(address)),
    refuseNext(n: number) {
      refuse = n;
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof smtpSink>>;
