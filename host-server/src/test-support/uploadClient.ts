// A client in a process of its own, as a browser or a script is: posts a body of N MB to an upload
// route with fetch (undici) a few times in turn, and prints the answers' statuses, or the network
// error seen instead of an answer, as JSON. A client in the test's own process shares its event
// loop with the server, which reads every answer before a reset could overtake it.
// Usage: node uploadClient.ts <url> <megabytes> <times> [authorization]
export {};

const [url = '', megabytes = '1', times = '1', authorization] = process.argv.slice(2);
const body = new Uint8Array(Number(megabytes) * 1024 * 1024).fill(0x20);
const headers: Record<string, string> = { 'Content-Type': 'multipart/form-data; boundary=uploadclient' };
if (authorization) headers.Authorization = authorization;

const outcomes: Array<number | string> = [];
for (let attempt = 0; attempt < Number(times); attempt += 1) {
  try {
    const response = await fetch(url, { method: 'POST', body, headers });
    await response.arrayBuffer();
    outcomes.push(response.status);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    outcomes.push(cause?.code ?? String(error));
  }
}
process.stdout.write(JSON.stringify(outcomes));
