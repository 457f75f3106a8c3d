// The contract's schemas that the API client's errors, the sign-in screens and a stored session's start parse answers
// with (accounts, passkeys, favourites and reminders), loaded on first need by contract.ts. Every other screen imports
// the contract module it uses, so its schemas are built when that screen loads, not with Inicio.
export * from '#contract/common';
export * from '#contract/accounts';
export * from '#contract/notifications';
export * from '#contract/passkeys';
export * from '#contract/reminders';
