export * from './accounts.ts';
export * from './platform.ts';
export * from './catalogue.ts';
export * from './registration.ts';
export * from './billing.ts';
export * from './support.ts';
export * from './admin.ts';
export * from './consent.ts';
