import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another when typed from a screen. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 10;

/**
 * The opaque code of an appointment's check-in QR: 10 characters from a 31-letter alphabet
 * (about 49 bits), random, so it says nothing about the donor and cannot be guessed; only staff
 * can use it, and the unique index makes a collision fail loudly rather than check in someone else.
 */
export function newCheckInCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
