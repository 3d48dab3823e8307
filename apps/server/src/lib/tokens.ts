import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: sign-up links, refresh and reset tokens, invitations, exports. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** High-entropy tokens are stored as their sha256; the token itself exists only in the mail or the client. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
