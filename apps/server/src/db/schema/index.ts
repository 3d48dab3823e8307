export * from './catalog.ts';
export * from './contact.ts';
export * from './accounts.ts';
