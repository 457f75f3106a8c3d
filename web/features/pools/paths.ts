/** Where the pools live in the tabs (spec §2's route table). */
export const POOLS_PATH = '/tabs/quinelas';

export const poolPath = (poolId: number) => `/tabs/pool/${poolId}`;
