/** Query keys of the certificates feature. */
export const certificateKeys = {
  all: ['certificates'] as const,
  /** The public verification of one serial, with or without the link's signature. */
  verify: (serial: string, signature: string | null) =>
    ['certificates', 'verify', serial, signature] as const,
};
