import { adSlotSize } from '@yaocai/domain';
import { describe, expect, it } from 'vitest';
import { adSeed } from '../../../demo/seed/content-data';
import { bannerSvg, textUnits } from './svg';

/** The title and subtitle lines of a drawn banner: x, font size and text. */
const lines = (svg: string) =>
  [
    ...svg.matchAll(/<text x="([\d.]+)" y="[\d.]+" font-size="(\d+)"[^>]*data-role="\w+">([^<]*)<\/text>/g),
  ].map((m) => ({ x: Number(m[1]), size: Number(m[2]), text: m[3] }));

describe('bannerSvg', () => {
  it('draws each demo ad at its slot size with its headline inside the text column (issue 30)', () => {
    for (const ad of adSeed) {
      const size = adSlotSize(ad.position);
      if (size.w < size.h) continue; // the portrait ads wrap their title instead
      if (size.w >= size.h * 6) continue; // the top strip draws title, subtitle and button on one line
      const svg = bannerSvg(ad.title, ad.subtitle, ad.color, size);
      expect(svg).toContain(`viewBox="0 0 ${size.w} ${size.h}"`);
      const drawn = lines(svg);
      expect(drawn).toHaveLength(2);
      for (const line of drawn)
        expect(line.x + textUnits(line.text) * line.size, `${ad.position}: ${line.text}`).toBeLessThanOrEqual(
          size.w * 0.72 + 0.01,
        );
    }
  });

  it('shrinks a long headline for the 770 px home slot rather than letting it run off', () => {
    const svg = bannerSvg(
      '秋冬感冒季 常备药品集中采购 特惠专场限时开抢',
      '副标题',
      '#c0392b',
      adSlotSize('home_banner'),
    );
    const [title] = lines(svg);
    expect(title.size).toBeLessThan(54);
    expect(title.x + textUnits(title.text) * title.size).toBeLessThanOrEqual(770 * 0.72);
  });
});
