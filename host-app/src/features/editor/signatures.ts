// Where the editor keeps a user's saved signatures on this site: in this browser, under a key of
// the signed-in account, so people sharing a computer never see each other's signatures. Guests
// cannot use the (Pro) signature tool, and nothing is kept for them.
import { browserSignatureStore, type SignatureStore } from '@marginalia/pdf-editor';

export function signatureStoreFor(userId: string | null | undefined): SignatureStore | null {
  return userId ? browserSignatureStore({ key: `marginalia-signatures:${userId}` }) : null;
}
