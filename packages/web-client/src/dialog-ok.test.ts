import { describe, expect, it, vi } from 'vitest';
import { guardDialogOk } from './dialog-ok';
import { ApiError } from './http-client';

describe('guardDialogOk: a dialog OK whose call is refused', () => {
  it('adds nothing to a refusal the http client reported, and still keeps the dialog open', async () => {
    const show = vi.fn();
    const refusal = new ApiError(400, '订单已发货，不能取消', null, 400);
    const { onOk } = guardDialogOk({ onOk: () => Promise.reject(refusal) }, show);
    await expect(onOk?.({} as never)).rejects.toBe(refusal);
    expect(show).not.toHaveBeenCalled();
  });
  it('shows what nobody reported', async () => {
    const show = vi.fn();
    const { onOk } = guardDialogOk({ onOk: () => Promise.reject(new Error('网络已断开')) }, show);
    await expect(onOk?.({} as never)).rejects.toThrow('网络已断开');
    expect(show).toHaveBeenCalledWith('网络已断开');
  });
  it('leaves a dialog without OK, and an OK that does not wait, as they are', () => {
    const show = vi.fn();
    const config = { title: '提示' };
    expect(guardDialogOk(config, show)).toBe(config);
    expect(guardDialogOk({ onOk: () => 1 }, show).onOk?.({} as never)).toBe(1);
  });
});
