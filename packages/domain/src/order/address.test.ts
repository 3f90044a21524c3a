import { describe, expect, it } from 'vitest';
import { formatAddress } from './address';

describe('formatAddress', () => {
  it('writes region then detail without separators', () => {
    expect(
      formatAddress({ province: '浙江省', city: '杭州市', district: '滨江区', detail: '江南大道1号' }),
    ).toBe('浙江省杭州市滨江区江南大道1号');
  });
});
