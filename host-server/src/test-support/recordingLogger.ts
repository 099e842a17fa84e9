// A logger that keeps what it is told, for tests that check what the server logs (and how often).
import type { Logger } from '../logger';

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields: Record<string, unknown>;
}

export class RecordingLogger implements Logger {
  readonly entries: LogEntry[] = [];
  info = (message: string, fields: Record<string, unknown> = {}) => void this.entries.push({ level: 'info', message, fields });
  warn = (message: string, fields: Record<string, unknown> = {}) => void this.entries.push({ level: 'warn', message, fields });
  error = (message: string, fields: Record<string, unknown> = {}) => void this.entries.push({ level: 'error', message, fields });

  /** The entries whose message starts with `prefix`. */
  matching(prefix: string): LogEntry[] {
    return this.entries.filter((entry) => entry.message.startsWith(prefix));
  }
}
