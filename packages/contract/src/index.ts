// The package's single entry point: schemas, types, messages, constants and paths shared by server and web.
// zod's Vietnamese locale: loading the package installs it (see the module's note for the web bundle).
export * from './zod-locale.ts';
export * from './envelope.ts';
export * from './ids.ts';
export * from './control-characters.ts';
export * from './text-field.ts';
export * from './errors.ts';
export * from './constants.ts';
export * from './api-paths.ts';
export * from './campaigns.ts';
export * from './news.ts';
export * from './reference.ts';
export * from './text.ts';
export * from './pages.ts';
export * from './auth.ts';
export * from './contact.ts';
export * from './users.ts';
export * from './idcard.ts';
export * from './admin-units.ts';
export * from './privacy.ts';
export * from './registration.ts';
export * from './appointments.ts';
export * from './registration-links.ts';
export * from './share-links.ts';
export * from './notifications.ts';
export * from './admin-console.ts';
