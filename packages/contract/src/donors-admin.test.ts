import { describe, expect, it } from 'vitest';
import { DONOR_ADMIN_MESSAGES, externalDonationSchema } from './donors-admin.ts';

const messagesOf = (
  schema: {
    safeParse(v: unknown): {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  v: unknown,
) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('donor records', () => {
  it('refuses a donation elsewhere in the future or without type and place', () => {
    const schema = externalDonationSchema(() => '2026-11-25');
    expect(messagesOf(schema, { date: '2026-11-26', donationType: 'WHOLE_BLOOD', place: 'BV' })).toEqual([
      `date: ${DONOR_ADMIN_MESSAGES.donationDateFuture}`,
    ]);
    expect(messagesOf(schema, { date: '2026-11-25', place: '' })).toEqual([
      `donationType: ${DONOR_ADMIN_MESSAGES.donationTypeRequired}`,
      `place: ${DONOR_ADMIN_MESSAGES.placeRequired}`,
    ]);
  });
});
