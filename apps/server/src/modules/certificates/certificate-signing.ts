import { certificateIdentityText, certificateSigningText } from '@giot-hong/contract';
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * Ed25519 signatures of donation certificates.
 *
 * The private key is derived from the configured secret CERTIFICATE_SIGNING_KEY (SHA-256 of it is
 * the 32-byte seed), so it is generated and kept like the portal's other secrets and every process
 * of one deployment signs with the same key. The public key is published (see `publishedKeys`), so
 * a hospital's own system can check a certificate offline: rebuild the signed text from what is
 * printed, hash the identity, and verify the signature from the QR code's link.
 */
export type CertificateSigner = ReturnType<typeof createCertificateSigner>;

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** SHA-256 (hex) of the donor's folded name and birth date: what the signature binds them by. */
export const identityHash = (fullName: string, birthDate: string) =>
  createHash('sha256').update(certificateIdentityText(fullName, birthDate), 'utf8').digest('hex');

export type SignedFields = { serial: string; donatedOn: string; volumeMl: number; identityHash: string };

export function createCertificateSigner(secret: string) {
  const seed = createHash('sha256').update(secret, 'utf8').digest();
  const privateKey: KeyObject = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string };
  /** The raw 32-byte public key, base64url (the JWK's x). */
  const publicKeyRaw = jwk.x;
  /** A short id of the key, so a rotated key can be published beside the old one. */
  const keyId = createHash('sha256')
    .update(Buffer.from(publicKeyRaw, 'base64url'))
    .digest('hex')
    .slice(0, 16);

  return {
    keyId,
    publicKeyRaw,
    /** The signature (base64url, 64 bytes) over the certificate's signed text. */
    sign(fields: SignedFields): string {
      return sign(null, Buffer.from(certificateSigningText(fields), 'utf8'), privateKey).toString(
        'base64url',
      );
    },
    /** Whether `signature` was made by this key over exactly these fields. */
    verify(fields: SignedFields, signature: string): boolean {
      const bytes = Buffer.from(signature, 'base64url');
      if (bytes.length !== 64) return false;
      return verify(null, Buffer.from(certificateSigningText(fields), 'utf8'), publicKey, bytes);
    },
    /** The document at /.well-known/giot-hong-certificates.json. */
    publishedKeys(issuer: string) {
      return {
        issuer,
        algorithm: 'Ed25519',
        signedText:
          'giot-hong-certificate-v1|{serial}|{donatedOn yyyy-mm-dd}|{volumeMl}|{sha256 hex of "{name folded: lower case, no diacritics, đ→d, single spaces}|{birth date yyyy-mm-dd}"}',
        signatureEncoding: 'base64url, after # in the verification link',
        keys: [{ kid: keyId, kty: jwk.kty, crv: jwk.crv, x: publicKeyRaw }],
      };
    },
  };
}
