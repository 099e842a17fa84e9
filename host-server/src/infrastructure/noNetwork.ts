// Takes network access away from the current process: `fetch` and every TCP, TLS or Unix socket
// connection fail before anything is sent. The PDF worker child calls it first, so no input (an
// image annotation naming an http:// address, a PDF with remote references) can make the server
// connect anywhere, whatever the code that handles it does. It only adds a refusal; the IPC channel
// to the parent is already open and is not a socket this touches.
import net from 'node:net';

export class NetworkForbiddenError extends Error {
  override readonly name = 'NetworkForbiddenError';
  constructor() {
    super('Network access is disabled in the PDF worker.');
  }
}

export function forbidNetwork(): void {
  const refuse = (): never => {
    throw new NetworkForbiddenError();
  };
  globalThis.fetch = () => Promise.reject(new NetworkForbiddenError());
  // http, https, tls and undici all end in net.Socket.prototype.connect.
  net.Socket.prototype.connect = refuse;
  net.connect = refuse;
  net.createConnection = refuse;
}
