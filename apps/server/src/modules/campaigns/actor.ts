/**
 * Who acts in the console, and the request to name in the audit trail. A file of its own so that
 * the campaign services (campaigns, day desk, exports) share it without importing each other.
 */
export type Actor = { id: number; role: string; requestId: string };
