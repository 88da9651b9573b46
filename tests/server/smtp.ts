/**
 * A real SMTP server on loopback (smtp-server) that a test can stop, start again, or turn into
 * one that takes connections and never answers, always on the same port.
 */
import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../support/server.ts';
import { waitUntil } from './support.ts';

export interface Received {
  to: string[];
  mail: ParsedMail;
}

export class TestSmtp {
  port = 0;
  readonly received: Received[] = [];
  mode: 'up' | 'down' | 'silent' = 'down';
  private server?: SMTPServer;
  private silent?: net.Server;
  private held = new Set<net.Socket>();

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Answers and keeps every message it takes. */
  async up(): Promise<void> {
    await this.down();
    this.port ||= await freePort();
    const server = new SMTPServer({
      authOptional: true,
      // a self-signed certificate offered by STARTTLS would (rightly) be refused by the product
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.mode = 'up';
  }

  /** Nothing listens: connections are refused at once. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    const silent = this.silent;
    this.silent = undefined;
    for (const socket of this.held) socket.destroy();
    this.held.clear();
    if (silent) await new Promise<void>((resolve) => silent.close(() => resolve()));
    this.port ||= await freePort();
    this.mode = 'down';
  }

  /** Takes the connection and never says a word: the product must time out, not hang. */
  async silence(): Promise<void> {
    await this.down();
    const silent = net.createServer((socket) => {
      this.held.add(socket);
      socket.on('close', () => this.held.delete(socket));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve, reject) => {
      silent.once('error', reject);
      silent.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.silent = silent;
    this.mode = 'silent';
  }

  /** Connections the silent server holds right now. */
  get holding(): number {
    return this.held.size;
  }

  mailsTo(address: string): ParsedMail[] {
    return this.received.filter((r) => r.to.includes(address.toLowerCase())).map((r) => r.mail);
  }

  /** Waits for mail number `count` to `address` and returns it. */
  async waitFor(address: string, count = 1, timeoutMs = 30_000): Promise<ParsedMail> {
    await waitUntil(() => this.mailsTo(address).length >= count, timeoutMs, () => `mail number ${count} to ${address} (got ${this.mailsTo(address).length})`);
    return this.mailsTo(address)[count - 1]!;
  }
}
