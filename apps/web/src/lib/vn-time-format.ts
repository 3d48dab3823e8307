import { TIME_ZONE } from '@giot-hong/contract';

/*
 * The formatter vn-time.ts reads Vietnam time with, as a locale and options: shared with the
 * worker that prepares it (icu-warm.worker.ts), which must ask for the same formatter.
 *
 * en-GB gives zero-padded parts and a 24-hour clock; callers reassemble them, so what the portal
 * shows is the same dd/MM/yyyy HH:mm shape whatever the browser's locale and time zone.
 */
export const VN_PARTS_LOCALE = 'en-GB';
export const VN_PARTS_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
