export * from './catalog.ts';
export * from './contact.ts';
