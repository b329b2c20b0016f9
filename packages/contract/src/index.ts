export * from './errors';
export * from './envelope';
export * from './endpoint';
export * from './money';
export * from './users';
export * from './common';
export * from './market';
