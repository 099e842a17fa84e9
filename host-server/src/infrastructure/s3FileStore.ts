// File bodies in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), chosen by S3_BUCKET. The
// bucket is private: clients only ever reach files through the server, which streams them.
//
// Uploads are streamed from the temporary file on disk, never buffered whole: one PutObject up to
// `partSize`, a multipart upload above it, each part read straight from its byte range of the file
// (so memory stays at a stream buffer per part, however large the file). The SDK does not retry a
// request whose body is a stream, so each part (and the single put) is retried here, from a fresh
// stream. Checksums are only computed when an operation requires them: with the SDK's default
// (`WHEN_SUPPORTED`), a streamed body is sent with aws-chunked framing and a trailing checksum,
// which some S3-compatible servers store as part of the object's bytes.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  assertValidKey,
  type AvailabilityObserver,
  type FileStore,
  isValidKey,
  type LocalFile,
  MissingFileError,
  type StoredFileBody,
  type StoredObject,
  StorageUnavailableError,
} from './fileStore';

/** How to reach the bucket (config.ts reads them from S3_* variables). */
export interface S3Settings {
  bucket: string;
  /** Unset for AWS itself; the service's URL otherwise, e.g. https://minio.example.com:9000. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default chain (AWS_* variables, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (https://host/bucket/key) rather than the host name; most self-hosted services need it. */
  forcePathStyle: boolean;
}

/** S3's smallest part (but the last); 8 MiB parts keep a 100 MB upload at 13 requests. */
const MIN_PART_SIZE = 5 * 1024 * 1024;
export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const MAX_PARTS = 10_000;
const PARTS_AT_ONCE = 4;
const ATTEMPTS = 3;

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

const isNotFound = (error: unknown) => httpStatus(error) === 404;

/** Error codes of a connection that failed, timed out or broke off. */
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

/** No answer at all: the store (or the way to it) is down, not the request wrong. */
function isUnreachable(error: unknown): boolean {
  const { code, name } = error as { code?: unknown; name?: unknown };
  return (typeof code === 'string' && NETWORK_ERRORS.has(code)) || name === 'TimeoutError' || name === 'RequestTimeout';
}

/** A network error or an answer saying "try again": worth another attempt with the same bytes. */
function isTransient(error: unknown): boolean {
  const status = httpStatus(error);
  return status === undefined || status >= 500 || status === 429;
}

async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= ATTEMPTS || !isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** tries));
    }
  }
}

export class S3FileStore implements FileStore {
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly partSize: number;
  private observer: AvailabilityObserver | undefined;

  constructor(settings: S3Settings, options: { partSize?: number } = {}) {
    this.bucket = settings.bucket;
    this.partSize = Math.max(MIN_PART_SIZE, options.partSize ?? DEFAULT_PART_SIZE);
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable store fails the request in seconds instead of holding it open.
      requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
    });
  }

  /** Fails, naming the bucket, when it cannot be reached with these settings (checked at start). */
  async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = httpStatus(error);
      throw new Error(
        `The S3 bucket "${this.bucket}" cannot be reached${status ? ` (HTTP ${status})` : ''}: ${(error as Error).message || (error as Error).name}`,
        { cause: error },
      );
    }
  }

  /** Tells `observer` of every failure to reach the bucket and of every answer after one. */
  observe(observer: AvailabilityObserver): void {
    this.observer = observer;
  }

  async probe(): Promise<void> {
    await this.reach(() => this.client.send(new HeadBucketCommand({ Bucket: this.bucket })));
  }

  /**
   * Runs `work` against the bucket: a failure still "transient" after the retries inside it (no
   * answer, or 5xx/429) becomes a StorageUnavailableError; a definite answer (404, 403) stays as it is.
   */
  private async reach<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      this.observer?.succeeded();
      return result;
    } catch (error) {
      const status = httpStatus(error);
      const unavailable = status === undefined ? isUnreachable(error) : status >= 500 || status === 429;
      if (!unavailable) throw error;
      this.observer?.failed(error);
      throw new StorageUnavailableError(`"${this.bucket}"`, error);
    }
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    assertValidKey(key);
    const { size } = await stat(sourcePath);
    await this.reach(async () => {
      if (size <= this.partSize) {
        await withRetries(() =>
          this.client.send(
            new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(sourcePath), ContentLength: size }),
          ),
        );
      } else {
        await this.putInParts(key, sourcePath, size);
      }
    });
    await rm(sourcePath, { force: true });
  }

  private async putInParts(key: string, sourcePath: string, size: number): Promise<void> {
    const partSize = Math.max(this.partSize, Math.ceil(size / MAX_PARTS));
    const { UploadId } = await withRetries(() =>
      this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key })),
    );
    if (!UploadId) throw new Error(`The store started no multipart upload for ${key}`);
    const count = Math.ceil(size / partSize);
    const etags: string[] = new Array<string>(count);
    try {
      let next = 0;
      const uploadParts = async () => {
        while (next < count) {
          const index = next++;
          const start = index * partSize;
          const end = Math.min(size, start + partSize);
          const { ETag } = await withRetries(() =>
            this.client.send(
              new UploadPartCommand({
                Bucket: this.bucket,
                Key: key,
                UploadId,
                PartNumber: index + 1,
                Body: createReadStream(sourcePath, { start, end: end - 1 }),
                ContentLength: end - start,
              }),
            ),
          );
          if (!ETag) throw new Error(`The store answered no ETag for part ${index + 1} of ${key}`);
          etags[index] = ETag;
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARTS_AT_ONCE, count) }, uploadParts));
      await withRetries(() =>
        this.client.send(
          new CompleteMultipartUploadCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId,
            MultipartUpload: { Parts: etags.map((ETag, index) => ({ ETag, PartNumber: index + 1 })) },
          }),
        ),
      );
    } catch (error) {
      // Parts of an upload never completed are kept (and billed) until it is aborted.
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  async size(key: string): Promise<number | undefined> {
    assertValidKey(key);
    try {
      const head = await this.reach(() => withRetries(() => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async read(key: string): Promise<StoredFileBody | undefined> {
    assertValidKey(key);
    try {
      const object = await this.reach(() => withRetries(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))));
      if (!(object.Body instanceof Readable)) throw new Error(`The store answered no body for ${key}`);
      return { size: object.ContentLength ?? 0, stream: object.Body };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async localFile(key: string, tmpDir: string): Promise<LocalFile> {
    const body = await this.read(key);
    if (!body) throw new MissingFileError(key);
    const path = join(tmpDir, `${randomUUID()}-${key}`);
    const release = () => rm(path, { force: true });
    try {
      await this.reach(() => pipeline(body.stream, createWriteStream(path, { flags: 'wx' })));
    } catch (error) {
      await release();
      throw error;
    }
    return { path, release };
  }

  async remove(key: string): Promise<void> {
    assertValidKey(key);
    // S3 answers a delete of a missing key with success, so removes from several instances agree.
    await this.reach(() => withRetries(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))));
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.reach(() =>
        withRetries(() => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }))),
      );
      for (const object of page.Contents ?? []) {
        // Anything else in the bucket was not written by this server; it is not listed as ours.
        if (!object.Key || !isValidKey(object.Key)) continue;
        yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the client's connections. */
  close(): void {
    this.client.destroy();
  }
}
