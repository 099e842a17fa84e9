// A throwaway public-key infrastructure for signing tests, made by openssl in a temp folder: a
// test CA, a signer certificate it issued (with an e-mail), a self-signed signer, an expired
// signer, a timestamp authority's certificate, their PKCS#12 files; the CA's OCSP responder and
// CRL on loopback (the signer's certificate names them), and a local RFC 3161 authority (node:http
// answering with `openssl ocsp` and `openssl ts -reply`). Requires openssl on PATH.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export function hasTool(name: string, versionArgs: string[]): boolean {
  try {
    execFileSync(name, versionArgs, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const hasOpenssl = hasTool('openssl', ['version']);
export const hasPdfsig = hasTool('pdfsig', ['-v']);

export const P12_PASSWORD = 'correct horse';

export interface TestPki {
  dir: string;
  /** The CA's certificate, PEM. */
  caPem: Uint8Array;
  /** Signer issued by the CA: CN "Ada Signer", e-mail ada@example.test. */
  signerP12: Uint8Array;
  /** Self-signed: CN "Sam Selfsigned". */
  selfSignedP12: Uint8Array;
  /** Issued by the CA, valid from 2020-01-01 to 2021-01-01. */
  expiredP12: Uint8Array;
  /** A second signer issued by the CA: CN "Bob Countersigner". */
  secondP12: Uint8Array;
  close(): Promise<void>;
}

const PKI_CONFIG = `
[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
serial = ./tsaserial
crypto_device = builtin
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = no
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
[ tsa_ext ]
basicConstraints = CA:FALSE
extendedKeyUsage = critical,timeStamping
keyUsage = critical,digitalSignature
[ signer_ext ]
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature,nonRepudiation
subjectAltName = email:ada@example.test
authorityInfoAccess = OCSP;URI:REVOCATION_URL/ocsp
crlDistributionPoints = URI:REVOCATION_URL/ca.crl
[ ca ]
default_ca = test_ca
[ test_ca ]
database = index.txt
new_certs_dir = .
serial = caserial
default_md = sha256
default_days = 30
default_crl_days = 7
policy = any
unique_subject = no
[ any ]
commonName = supplied
emailAddress = optional
[ ca_ext ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
`;

async function openssl(dir: string, args: string[]): Promise<void> {
  await run('openssl', args, { cwd: dir });
}

/** A certificate issued by the test CA through `openssl ca`, so its database (index.txt) knows it for OCSP. */
async function issue(
  dir: string,
  name: string,
  subject: string,
  extension: string,
  dates?: [string, string],
): Promise<void> {
  await openssl(dir, [
    'req',
    '-new',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    subject,
  ]);
  const validity = dates ? ['-startdate', dates[0], '-enddate', dates[1]] : [];
  await openssl(dir, [
    'ca',
    '-batch',
    '-config',
    'pki.cnf',
    '-cert',
    'ca.crt',
    '-keyfile',
    'ca.key',
    '-in',
    `${name}.csr`,
    '-out',
    `${name}.crt`,
    '-extfile',
    'pki.cnf',
    '-extensions',
    extension,
    '-notext',
    ...validity,
  ]);
}

async function p12(dir: string, name: string, withCa: boolean): Promise<Uint8Array> {
  const chain = withCa ? ['-certfile', 'ca.crt'] : [];
  await openssl(dir, [
    'pkcs12',
    '-export',
    '-inkey',
    `${name}.key`,
    '-in',
    `${name}.crt`,
    ...chain,
    '-out',
    `${name}.p12`,
    '-passout',
    `pass:${P12_PASSWORD}`,
  ]);
  return new Uint8Array(await readFile(join(dir, `${name}.p12`)));
}

/**
 * Pages (the browser tests) ask from another origin: allows it; true when the request was the
 * preflight, answered here.
 */
function allowPages(request: IncomingMessage, response: ServerResponse): boolean {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Headers', 'Content-Type, Accept');
  if (request.method !== 'OPTIONS') return false;
  response.writeHead(204).end();
  return true;
}

/** The CA's revocation services: `GET /ca.crl` and `POST /ocsp`, answered by openssl from its database. */
async function startRevocationServer(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  let sequence = 0;
  const server = createServer((request, response) => {
    if (allowPages(request, response)) return;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = async (): Promise<[string, Buffer]> => {
        if (request.url === '/ca.crl') return ['application/pkix-crl', await readFile(join(dir, 'ca.crl'))];
        const id = ++sequence;
        await writeFile(join(dir, `ocsp${id}.req`), Buffer.concat(chunks));
        await openssl(dir, [
          'ocsp',
          '-index',
          'index.txt',
          '-CA',
          'ca.crt',
          '-rsigner',
          'ca.crt',
          '-rkey',
          'ca.key',
          '-reqin',
          `ocsp${id}.req`,
          '-respout',
          `ocsp${id}.resp`,
          '-ndays',
          '1',
        ]);
        return ['application/ocsp-response', await readFile(join(dir, `ocsp${id}.resp`))];
      };
      answer()
        .then(([type, body]) => response.writeHead(200, { 'Content-Type': type }).end(body))
        .catch((error: unknown) => response.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function makeTestPki(): Promise<TestPki> {
  const dir = await mkdtemp(join(tmpdir(), 'marginalia-pki-'));
  const revocation = await startRevocationServer(dir);
  await writeFile(join(dir, 'pki.cnf'), PKI_CONFIG.replaceAll('REVOCATION_URL', revocation.url));
  await writeFile(join(dir, 'index.txt'), '');
  await writeFile(join(dir, 'caserial'), '1000\n');
  await openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '30',
    '-subj',
    '/CN=Marginalia Test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  await issue(dir, 'signer', '/CN=Ada Signer/emailAddress=ada@example.test', 'signer_ext');
  await issue(dir, 'second', '/CN=Bob Countersigner', 'signer_ext');
  await issue(dir, 'tsa', '/CN=Marginalia Test TSA', 'tsa_ext');
  await issue(dir, 'expired', '/CN=Old Signer', 'signer_ext', ['20200101000000Z', '20210101000000Z']);
  await openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'self.key',
    '-out',
    'self.crt',
    '-days',
    '30',
    '-subj',
    '/CN=Sam Selfsigned',
  ]);
  await writeFile(join(dir, 'tsaserial'), '01\n');
  await openssl(dir, [
    'ca',
    '-gencrl',
    '-config',
    'pki.cnf',
    '-cert',
    'ca.crt',
    '-keyfile',
    'ca.key',
    '-out',
    'ca.crl.pem',
  ]);
  await openssl(dir, ['crl', '-in', 'ca.crl.pem', '-outform', 'DER', '-out', 'ca.crl']);
  return {
    dir,
    caPem: new Uint8Array(await readFile(join(dir, 'ca.crt'))),
    signerP12: await p12(dir, 'signer', true),
    selfSignedP12: await p12(dir, 'self', false),
    expiredP12: await p12(dir, 'expired', true),
    secondP12: await p12(dir, 'second', true),
    close: async () => {
      await revocation.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface LocalTsa {
  url: string;
  /** How many timestamps it issued. */
  readonly issued: number;
  close(): Promise<void>;
}

/** An RFC 3161 authority on 127.0.0.1, signing with the PKI's TSA certificate. */
export async function startLocalTsa(pki: TestPki): Promise<LocalTsa> {
  let issued = 0;
  let sequence = 0;
  const server: Server = createServer((request, response) => {
    if (allowPages(request, response)) return;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = ++sequence;
      const query = join(pki.dir, `q${id}.tsq`);
      const reply = join(pki.dir, `r${id}.tsr`);
      writeFile(query, Buffer.concat(chunks))
        .then(() =>
          run(
            'openssl',
            [
              'ts',
              '-reply',
              '-config',
              'pki.cnf',
              '-queryfile',
              query,
              '-signer',
              'tsa.crt',
              '-inkey',
              'tsa.key',
              '-chain',
              'ca.crt',
              '-out',
              reply,
            ],
            { cwd: pki.dir },
          ),
        )
        .then(() => readFile(reply))
        .then((body) => {
          issued++;
          response.writeHead(200, { 'Content-Type': 'application/timestamp-reply' }).end(body);
        })
        .catch((error: unknown) => response.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsr`,
    get issued() {
      return issued;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
