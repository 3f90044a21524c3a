import { describe, expect, it } from 'vitest';
import { statisticText } from './LightStatistic';

// What antd's Statistic (statistic/Number.js) shows for the same value and precision.
describe('LightStatistic figures', () => {
  it('groups the thousands and pads the decimals to the precision', () => {
    expect(statisticText(100000, 2)).toEqual({ int: '100,000', decimal: '.00' });
    expect(statisticText(99846.5, 2)).toEqual({ int: '99,846', decimal: '.50' });
    expect(statisticText(0, 2)).toEqual({ int: '0', decimal: '.00' });
    expect(statisticText(-1234567.8, 2)).toEqual({ int: '-1,234,567', decimal: '.80' });
  });
  it('cuts the decimals beyond the precision instead of rounding, as antd does', () => {
    expect(statisticText(154.129, 2)).toEqual({ int: '154', decimal: '.12' });
    expect(statisticText(7.5, 0)).toEqual({ int: '7', decimal: '' });
  });
  it('keeps the decimals as given without a precision', () => {
    expect(statisticText(1234.5)).toEqual({ int: '1,234', decimal: '.5' });
  });
  it('shows text that is not a plain number as it is', () => {
    expect(statisticText('2026-12-22', 2)).toEqual({ int: '2026-12-22', decimal: '' });
    expect(statisticText('无待还账单')).toEqual({ int: '无待还账单', decimal: '' });
    expect(statisticText('-')).toEqual({ int: '-', decimal: '' });
  });
});
