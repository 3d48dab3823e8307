import { describe, expect, it } from 'vitest';
import { BROADCAST_TEXTS, formatCount } from './console-texts.ts';

describe('counts as Vietnamese write them', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [1234, '1.234'],
    [1234567, '1.234.567'],
  ])('%d → %s', (n, shown) => expect(formatCount(n)).toBe(shown));

  it('in the texts that say them, the same formatter from the first count to the next', () => {
    expect(BROADCAST_TEXTS.reach(12500)).toBe('12.500 người hiến máu sẽ nhận thông báo này.');
    expect(BROADCAST_TEXTS.confirmTitle(1)).toBe('Gửi thông báo đến 1 người hiến máu?');
  });
});
