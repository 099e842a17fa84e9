// An S3-compatible server for tests: s3rver (pure Node) on a free loopback port, its objects in a
// temporary folder, with one empty bucket. s3rver accepts unsigned and wrongly signed requests, so
// tests never rely on it for access control; they compare bytes end to end instead.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3FileStore, type S3Settings } from '../infrastructure/s3FileStore';

export interface TestS3 {
  settings: S3Settings;
  /** A new store on the bucket (each test server gets its own client, like a separate instance). */
  store(options?: { partSize?: number }): S3FileStore;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'marginalia-s3-'));
  const bucket = `marginalia-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  const stores: S3FileStore[] = [];
  const store = (options?: { partSize?: number }) => {
    const created = new S3FileStore(settings, options);
    stores.push(created);
    return created;
  };
  const lister = store();
  return {
    settings,
    store,
    async keys() {
      const keys: string[] = [];
      for await (const object of lister.list()) keys.push(object.key);
      return keys.sort();
    },
    async close() {
      for (const created of stores) created.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
