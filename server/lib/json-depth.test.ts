import { describe, expect, it } from 'vitest';
import { jsonNestingDepth } from './json-depth.ts';

describe('jsonNestingDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonNestingDepth('1')).toBe(0);
    expect(jsonNestingDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonNestingDepth('{"a":"[[[{{{","b":"\\"[[["}')).toBe(1);
    expect(jsonNestingDepth('[[],[[]],[]]')).toBe(3);
  });

  it('reads 5,000 levels without a stack', () => {
    expect(jsonNestingDepth(`${'['.repeat(5000)}${']'.repeat(5000)}`)).toBe(5000);
  });
});
