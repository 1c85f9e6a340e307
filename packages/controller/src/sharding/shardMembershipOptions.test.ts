import { ShardMembershipConfigError } from './errors.js';
import { defaultMaxClockSkew, resolveShardMembershipOptions } from './shardMembershipOptions.js';

const base = { namespace: 'ops', group: 'labeller', identity: 'op-a' };

test('maxClockSkew defaults to 10 s, accepts 0 and Infinity, and refuses anything else', () => {
  expect(resolveShardMembershipOptions(base).maxClockSkew).toBe(defaultMaxClockSkew);
  expect(defaultMaxClockSkew).toBe(10_000);
  expect(resolveShardMembershipOptions({ ...base, maxClockSkew: 0 }).maxClockSkew).toBe(0);
  expect(resolveShardMembershipOptions({ ...base, maxClockSkew: Infinity }).maxClockSkew).toBe(
    Infinity,
  );
  for (const bad of [-1, Number.NaN, '5', {}]) {
    const resolve = () =>
      resolveShardMembershipOptions({ ...base, maxClockSkew: bad as unknown as number });
    expect(resolve).toThrow(ShardMembershipConfigError);
    expect(resolve).toThrow(/maxClockSkew/);
  }
});
