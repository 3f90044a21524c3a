import { describe, expect, it } from 'vitest';
import { stopAngle } from './wheel';

/** The slice under the pointer (top) once the wheel has turned clockwise by `angle` degrees. */
const sliceAtPointer = (angle: number, count: number) => {
  const slice = 360 / count;
  return Math.floor(((((360 - (angle % 360)) % 360) + 360) % 360) / slice);
};

describe('stopAngle', () => {
  it('stops the answered slice under the pointer, after whole turns forward', () => {
    for (const count of [2, 5, 8]) {
      let angle = 0;
      for (const index of [0, count - 1, 1, 1, 0]) {
        const next = stopAngle(index, count, 5, angle);
        expect(sliceAtPointer(next, count)).toBe(index);
        expect(next - angle).toBeGreaterThanOrEqual(5 * 360 - 360);
        angle = next;
      }
    }
  });
});
