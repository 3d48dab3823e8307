/**
 * A minimal iCalendar (RFC 5545) writer for one appointment: enough for Google Calendar, Apple
 * Calendar and Outlook to import it. Times are written in UTC ("Z"), so no VTIMEZONE is needed.
 */

export type CalendarEvent = {
  uid: string;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  url?: string;
  /** Minutes before the start at which calendars should remind; omitted when undefined. */
  alarmMinutesBefore?: number;
};

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** 20261125T000000Z */
export function icsUtc(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1): continuation lines start with one space.
 * Vietnamese text is multi-byte in UTF-8, so octets are counted and a character is never split.
 */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The leading space of a continuation line counts towards its 75 octets.
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

export function buildIcsEvent(e: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Giot Hong//Hien mau tinh nguyen//VI',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${icsUtc(e.stamp)}`,
    `DTSTART:${icsUtc(e.start)}`,
    `DTEND:${icsUtc(e.end)}`,
    `SUMMARY:${escapeIcsText(e.summary)}`,
    `LOCATION:${escapeIcsText(e.location)}`,
    `DESCRIPTION:${escapeIcsText(e.description)}`,
    ...(e.url ? [`URL:${e.url}`] : []),
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    ...(e.alarmMinutesBefore !== undefined
      ? [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `DESCRIPTION:${escapeIcsText(e.summary)}`,
          `TRIGGER:-PT${e.alarmMinutesBefore}M`,
          'END:VALARM',
        ]
      : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
