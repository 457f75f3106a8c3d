/** Where the pools live in the tabs (the spec's route table). */
export const POOLS_PATH = '/tabs/quinelas';

export const poolPath = (poolId: number) => `/tabs/pool/${poolId}`;
