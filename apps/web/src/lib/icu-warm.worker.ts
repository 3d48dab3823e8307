// The page's date formatter built once in a thread of its own, then the thread ends. What it costs
// the first time is the browser's date library loading its locale and time-zone data, which all
// the page's threads share: the page's own formatter (vn-time.ts) is then ready in a fraction of a
// millisecond instead of 16–26 ms (measured in Chromium) in the middle of drawing a list of dates
// (ADR 75).
import { VN_PARTS_LOCALE, VN_PARTS_OPTIONS } from './vn-time-format';

new Intl.DateTimeFormat(VN_PARTS_LOCALE, VN_PARTS_OPTIONS).formatToParts(0);
self.close();
