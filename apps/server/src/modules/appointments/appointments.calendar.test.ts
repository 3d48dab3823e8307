import { describe, expect, it } from 'vitest';
import { buildIcsEvent, escapeIcsText, foldIcsLine, icsUtc } from './appointments.calendar.ts';

describe('iCalendar writer', () => {
  it('escapes TEXT values (RFC 5545 §3.3.11)', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(escapeIcsText('Hà Nội: 07:00')).toBe('Hà Nội: 07:00');
  });

  it('writes UTC date-times', () => {
    expect(icsUtc(new Date('2026-11-25T04:30:00.000Z'))).toBe('20261125T043000Z');
  });

  it('folds at 75 octets without splitting a multi-byte character', () => {
    const line = `DESCRIPTION:${'Hiến máu cứu người. '.repeat(12)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(3);
    for (const [i, p] of parts.entries()) {
      expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(p.startsWith(' ')).toBe(true);
      expect(p).not.toContain('\uFFFD');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldIcsLine('SHORT:x')).toBe('SHORT:x');
  });

  it('builds one event with an alarm, CRLF line ends', () => {
    const ics = buildIcsEvent({
      uid: 'appointment-7@portal.test',
      stamp: new Date('2026-11-22T02:00:00Z'),
      start: new Date('2026-11-25T00:00:00Z'),
      end: new Date('2026-11-25T04:30:00Z'),
      summary: 'Hiến máu: A, B',
      location: 'X; Y',
      description: 'dòng 1\ndòng 2',
      alarmMinutesBefore: 1440,
    });
    expect(ics.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Giot Hong//Hien mau tinh nguyen//VI',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:appointment-7@portal.test',
      'DTSTAMP:20261122T020000Z',
      'DTSTART:20261125T000000Z',
      'DTEND:20261125T043000Z',
      'SUMMARY:Hiến máu: A\\, B',
      'LOCATION:X\\; Y',
      'DESCRIPTION:dòng 1\\ndòng 2',
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Hiến máu: A\\, B',
      'TRIGGER:-PT1440M',
      'END:VALARM',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });
});
