// Outgoing e-mail behind a small interface. Without SMTP (development) messages are written to
// DATA_DIR/outbox as .eml files, and the log says where; with SMTP_URL they go out through nodemailer.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export class OutboxMailer implements Mailer {
  readonly dir: string;
  private readonly from: string;
  private readonly logger: Logger;

  constructor(dir: string, from: string, logger: Logger) {
    this.dir = dir;
    this.from = from;
    this.logger = logger;
  }

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
    const eml = [
      `From: ${this.from}`,
      `To: ${message.to}`,
      `Subject: ${message.subject}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      message.text,
    ].join('\r\n');
    await writeFile(file, eml);
    // Never the text: it holds reset and verification links, and logs are read by more people
    // (and kept longer) than the outbox. The file is there to open.
    this.logger.info('mail written to outbox (no SMTP_URL configured)', { to: message.to, subject: message.subject, file });
  }
}

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(smtpUrl: string, from: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
    this.from = from;
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}
