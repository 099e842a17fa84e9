// Typed errors of signing, so a host can tell the signer's mistakes (a wrong password, a file that
// is no certificate) apart from an unreachable service without reading messages.

/**
 * The certificate file cannot sign: `wrong-password` (the PKCS#12 password does not open it),
 * `not-pkcs12` (the bytes are no PKCS#12 file, or hold no private key and certificate), `expired`
 * or `not-yet-valid` (the signing certificate is outside its validity period now: a validator would
 * reject such a signature, so none is made).
 */
export class SigningCertificateError extends Error {
  override readonly name = 'SigningCertificateError';
  constructor(
    /** Why the certificate file cannot sign. */
    readonly reason: 'wrong-password' | 'not-pkcs12' | 'expired' | 'not-yet-valid',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The RFC 3161 timestamp authority at `url` could not be reached or gave no valid timestamp. */
export class TimestampAuthorityError extends Error {
  override readonly name = 'TimestampAuthorityError';
  constructor(
    /** The authority's URL, as given in `timestampUrl`. */
    readonly url: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`The timestamp authority ${url} gave no timestamp: ${detail}`, options);
  }
}

/** The engine refused to sign (for example the field is already signed); `code` is its reason. */
export class SigningError extends Error {
  override readonly name = 'SigningError';
  constructor(
    /** The engine's reason, e.g. `FIELD_ALREADY_SIGNED`, or ours: `ALREADY_SIGNED` (certify a signed file). */
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
