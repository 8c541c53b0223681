export * from './plan-options.ts';
export * from './prices.ts';
export * from './pages.ts';
export * from './copy.ts';
