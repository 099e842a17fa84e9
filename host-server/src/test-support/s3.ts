// An S3-compatible server for tests: s3rver (pure Node) on a free loopback port, its objects in a
// temporary folder, with one empty bucket. s3rver accepts unsigned and wrongly signed requests, so
// tests never rely on it for access control; they compare bytes end to end instead. It can be
// stopped and started again on the same port and folder, as an object-store outage.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3FileStore, type S3Settings } from '../infrastructure/s3FileStore';
import { freePort } from './privateServices';

export interface TestS3 {
  settings: S3Settings;
  /** A new store on the bucket (each test server gets its own client, like a separate instance). */
  store(options?: { partSize?: number }): S3FileStore;
  /** The S3_* variables a built server needs to keep its files in the bucket. */
  env(): NodeJS.ProcessEnv;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Stops answering (connections are refused), keeping the objects. */
  stop(): Promise<void>;
  /** Answers again on the same port with the same objects. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'marginalia-s3-'));
  const bucket = `marginalia-${randomBytes(4).toString('hex')}`;
  // A fixed port, so the same address answers again after a restart.
  const port = await freePort();
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    await server.run();
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
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
    env: () => ({
      S3_BUCKET: settings.bucket,
      S3_ENDPOINT: settings.endpoint,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.credentials?.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: settings.credentials?.secretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: 'true',
    }),
    stop,
    start,
    async keys() {
      const keys: string[] = [];
      for await (const object of lister.list()) keys.push(object.key);
      return keys.sort();
    },
    async close() {
      for (const created of stores) created.close();
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
