import { describe, expect, it } from 'vitest';
import { goodsImageSrcSet } from './image-widths';

describe('goodsImageSrcSet', () => {
  it('lists the three widths of a console upload', () => {
    expect(goodsImageSrcSet('/media/goods-images/12')).toBe(
      '/media/goods-images/12?w=240 240w, /media/goods-images/12?w=480 480w, /media/goods-images/12?w=750 750w',
    );
  });

  it('leaves pictures that come in one size alone', () => {
    expect(goodsImageSrcSet('/media/goods/12.svg')).toBeUndefined();
    expect(goodsImageSrcSet('https://cdn.example.com/a.jpg')).toBeUndefined();
    expect(goodsImageSrcSet('/media/goods-images/12?w=240')).toBeUndefined();
    expect(goodsImageSrcSet(null)).toBeUndefined();
    expect(goodsImageSrcSet('')).toBeUndefined();
  });
});
