import { describe, expect, it, vi } from 'vitest';
import { poolMessages } from '#contract/pools';
import { ApiRequestError } from '../../lib/api-client.ts';
import { withFreshInvitationCode } from './invitation-code.ts';

const taken = () => new ApiRequestError(409, poolMessages.codeTaken, 'POST /api/pools failed with HTTP 409');

describe('withFreshInvitationCode', () => {
  it('retries a taken code with a new one', async () => {
    const codes = [111111, 222222, 333333];
    const attempt = vi.fn(async (code: number) => {
      if (code !== 333333) throw taken();
      return code;
    });
    await expect(withFreshInvitationCode(attempt, () => codes.shift() ?? 0)).resolves.toBe(333333);
    expect(attempt.mock.calls.map(([code]) => code)).toEqual([111111, 222222, 333333]);
  });

  it('passes any other failure on at once', async () => {
    const invalid = new ApiRequestError(400, poolMessages.nameRequired, 'POST /api/pools failed with HTTP 400');
    const attempt = vi.fn(() => Promise.reject(invalid));
    await expect(withFreshInvitationCode(attempt)).rejects.toBe(invalid);
    expect(attempt).toHaveBeenCalledOnce();
  });

  it('gives up after a few taken codes', async () => {
    const attempt = vi.fn(() => Promise.reject(taken()));
    await expect(withFreshInvitationCode(attempt)).rejects.toMatchObject({ status: 409 });
    expect(attempt).toHaveBeenCalledTimes(5);
  });
});
