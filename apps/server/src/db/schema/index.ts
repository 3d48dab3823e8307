export * from './catalog.ts';
export * from './contact.ts';
export * from './accounts.ts';
export * from './donors.ts';
export * from './appointments.ts';
export * from './share-links.ts';
export * from './notifications.ts';
export * from './audit.ts';
