export * from './common.ts';
export * from './messages.ts';
export * from './auth.ts';
export * from './football.ts';
export * from './pools.ts';
export * from './game.ts';
export * from './reminders.ts';
export * from './passkeys.ts';
