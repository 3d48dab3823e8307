import { type QueryKey, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { appointmentHistoryQueryOptions } from '../../appointments/api/get-appointment-history';
import { nextEligibleQueryOptions } from '../../appointments/api/get-next-eligible';
import { invalidateAfterBooking } from './submit-answers';

describe('a booking', () => {
  it("makes the donor's history and next date ask again when opened, however recently they were asked", async () => {
    const client = createQueryClient();
    let asked = 0;
    const history = { ...appointmentHistoryQueryOptions(), queryFn: () => Promise.resolve([++asked]) };
    const next = { ...nextEligibleQueryOptions(), queryFn: () => Promise.resolve(++asked) };
    // Both just asked for (the history tab seen a moment before the booking).
    await client.fetchQuery(history as never);
    await client.fetchQuery(next as never);
    expect(asked).toBe(2);

    invalidateAfterBooking(client, 7);
    for (const key of [history.queryKey, next.queryKey] as QueryKey[])
      expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true);

    // The history tab opened after the booking: both are asked for again.
    const observers = [history, next].map((o) => new QueryObserver(client, o as never));
    const unsubscribes = observers.map((o) => o.subscribe(() => undefined));
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toBe(4);
    unsubscribes.forEach((u) => u());
    client.clear();
  });
});
