// Hand-built multipart bodies and streamed uploads, for tests that need exact bytes on the wire
// (hostile file names, bodies larger than memory should hold, clients that hang up).
import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export function multipartBody(
  parts: Array<{ field: string; filename: string; content: Buffer; type?: string }>,
): { body: Buffer; contentType: string } {
  const boundary = `----marginalia${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
      part.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface StreamedUpload {
  /** Resolves with the response, or with undefined when the connection ended without one. */
  response: Promise<{ status: number; body: string; headers: IncomingMessage['headers'] } | undefined>;
  /** Bytes of file content written so far. */
  written(): number;
  abort(): void;
}

/**
 * Uploads `totalBytes` of generated file content (starting with `head`) to a listening server in
 * 1 MiB chunks, without a Content-Length, so only the server's streaming checks can stop it.
 */
export function streamUpload(
  port: number,
  options: { token: string; totalBytes: number; head: Buffer; filename?: string; pauseAfterBytes?: number },
): StreamedUpload {
  const boundary = `----marginalia${randomBytes(8).toString('hex')}`;
  let written = 0;
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/documents/upload',
    headers: {
      Authorization: `Bearer ${options.token}`,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Transfer-Encoding': 'chunked',
    },
  });
  const response = new Promise<{ status: number; body: string; headers: IncomingMessage['headers'] } | undefined>(
    (resolve) => {
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on('error', () => setTimeout(() => resolve(undefined), 50));
      req.on('close', () => setTimeout(() => resolve(undefined), 200));
    },
  );
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename ?? 'big.pdf'}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const writeMore = () => {
    while (written < options.totalBytes) {
      if (options.pauseAfterBytes !== undefined && written >= options.pauseAfterBytes) return;
      if (req.destroyed) return;
      const piece = written === 0 ? Buffer.concat([options.head, chunk.subarray(options.head.length)]) : chunk;
      const size = Math.min(piece.length, options.totalBytes - written);
      written += size;
      if (!req.write(piece.subarray(0, size))) {
        req.once('drain', writeMore);
        return;
      }
    }
    req.end(`\r\n--${boundary}--\r\n`);
  };
  writeMore();
  return { response, written: () => written, abort: () => req.destroy() };
}

export async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
