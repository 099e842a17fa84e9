// One contract for every file store: the local disk and an S3-compatible bucket (s3rver on a free
// loopback port) must answer alike, bytes compared end to end.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../test-support/s3';
import { type FileStore, LocalFileStore, MissingFileError } from './fileStore';

let s3: TestS3;
let work: string;

beforeAll(async () => {
  s3 = await startTestS3();
  work = await mkdtemp(join(tmpdir(), 'marginalia-store-contract-'));
});
afterAll(async () => {
  await s3.close();
  await rm(work, { recursive: true, force: true });
});

const MIB = 1024 * 1024;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A temporary file holding `bytes`, as an upload leaves one. */
async function source(bytes: Uint8Array): Promise<string> {
  const path = join(work, `source-${randomUUID()}`);
  await writeFile(path, bytes);
  return path;
}

const key = (suffix = 'pdf') => `${randomUUID()}.${suffix}`;

async function keysOf(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list()) keys.push(object.key);
  return keys;
}

describe.each([
  ['LocalFileStore', async () => new LocalFileStore(join(work, `files-${randomUUID()}`)).init()],
  // 5 MiB parts (S3's smallest), so a 12 MB file goes up in three.
  ['S3FileStore', async () => s3.store({ partSize: 5 * MIB })],
] as Array<[string, () => Promise<FileStore>]>)('%s', (_name, makeStore) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await makeStore();
  });

  it('stores a file under its key and gives back the same bytes: read, size, localFile, list', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\r\n'), randomBytes(200_000)]);
    const path = await source(bytes);
    const stored = key();
    await store.putFile(stored, path);
    // Moved into the store: the temporary file is gone.
    await expect(readFile(path)).rejects.toMatchObject({ code: 'ENOENT' });

    expect(await store.size(stored)).toBe(bytes.length);
    const body = await store.read(stored);
    expect(body?.size).toBe(bytes.length);
    expect(sha(await buffer(body!.stream))).toBe(sha(bytes));

    const tmp = await mkdtemp(join(work, 'tmp-'));
    const local = await store.localFile(stored, tmp);
    expect(sha(await readFile(local.path))).toBe(sha(bytes));
    await local.release();
    // A copy made for a job is gone once released; the stored file stays.
    expect(await readdir(tmp)).toEqual([]);
    expect(await store.size(stored)).toBe(bytes.length);

    const listed = [];
    for await (const object of store.list()) if (object.key === stored) listed.push(object);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.size).toBe(bytes.length);
    expect(Math.abs(listed[0]!.lastModified.getTime() - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('stores a 12 MB file (multipart on S3) byte for byte, and an empty one', async () => {
    const large = randomBytes(12 * 1000 * 1000 + 17);
    const largeKey = key();
    await store.putFile(largeKey, await source(large));
    expect(await store.size(largeKey)).toBe(large.length);
    const body = await store.read(largeKey);
    expect(sha(await buffer(body!.stream))).toBe(sha(large));

    const emptyKey = key('png');
    await store.putFile(emptyKey, await source(new Uint8Array(0)));
    expect(await store.size(emptyKey)).toBe(0);
    expect((await buffer((await store.read(emptyKey))!.stream)).length).toBe(0);
  });

  it('replaces a file put again under the same key', async () => {
    const stored = key();
    await store.putFile(stored, await source(Buffer.from('first version')));
    await store.putFile(stored, await source(Buffer.from('second')));
    expect((await buffer((await store.read(stored))!.stream)).toString()).toBe('second');
  });

  it('answers a missing key: no size, no body, MissingFileError for a local copy, removing it is no error', async () => {
    const missing = key();
    expect(await store.size(missing)).toBeUndefined();
    expect(await store.read(missing)).toBeUndefined();
    await expect(store.localFile(missing, work)).rejects.toBeInstanceOf(MissingFileError);
    await expect(store.remove(missing)).resolves.toBeUndefined();
  });

  it('removes a file: gone from size, read and list', async () => {
    const stored = key();
    await store.putFile(stored, await source(Buffer.from('to be removed')));
    expect(await keysOf(store)).toContain(stored);
    await store.remove(stored);
    expect(await store.size(stored)).toBeUndefined();
    expect(await store.read(stored)).toBeUndefined();
    expect(await keysOf(store)).not.toContain(stored);
    // Twice, as two instances reconciling at once would.
    await store.remove(stored);
  });

  it('refuses keys that could name another place, before touching anything', async () => {
    const path = await source(Buffer.from('x'));
    for (const bad of ['../escape.pdf', 'a/b.pdf', '', '.hidden', 'a..b', `${'a'.repeat(101)}`, 'name with space.pdf']) {
      await expect(store.putFile(bad, path)).rejects.toThrow(/Invalid storage key/);
      await expect(store.size(bad)).rejects.toThrow(/Invalid storage key/);
      await expect(store.read(bad)).rejects.toThrow(/Invalid storage key/);
      await expect(store.remove(bad)).rejects.toThrow(/Invalid storage key/);
      await expect(store.localFile(bad, work)).rejects.toThrow(/Invalid storage key/);
    }
    // The source was not moved anywhere.
    expect((await readFile(path)).toString()).toBe('x');
  });
});
