/**
 * The demo accounts: one staff account and one demo donor, whose credentials are printed at start.
 * A module of their own so that the seed's parts (seed.ts, demo-donor-profile.ts) read them
 * without importing each other.
 */
export const DEMO_ACCOUNTS = {
  staff: { username: 'canbo', email: 'canbo@giothong.local', role: 'STAFF' },
  admin: { username: 'quantri', email: 'quantri@giothong.local', role: 'ADMIN' },
  donor: { username: 'nguoihienmau', email: 'nguoihienmau@giothong.local', role: 'DONOR' },
} as const;
