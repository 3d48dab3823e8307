import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption for data at rest (ID-card images): AES-256-GCM with a key derived
 * from DATA_ENCRYPTION_KEY and a purpose label, output `iv(12) | tag(16) | ciphertext`.
 */
export function createSealedBox(secret: string, purpose: string) {
  const key = createHash('sha256').update(`${purpose}\u0000${secret}`).digest();
  return {
    seal(plain: Buffer): Buffer {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    open(sealed: Buffer): Buffer {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
    },
  };
}
export type SealedBox = ReturnType<typeof createSealedBox>;
