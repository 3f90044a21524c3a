import { describe, expect, it } from 'vitest';
import { listenUrl } from './listen-address';

describe('listenUrl', () => {
  it('shows the host the server is bound to, not localhost whatever HOST is', () => {
    expect(listenUrl('127.0.0.1', 3001)).toBe('http://127.0.0.1:3001');
    expect(listenUrl('10.0.0.5', 3000)).toBe('http://10.0.0.5:3000');
    expect(listenUrl('::1', 3000)).toBe('http://[::1]:3000');
  });

  it('says localhost for a wildcard, naming it as every interface', () => {
    expect(listenUrl('0.0.0.0', 3000)).toBe('http://localhost:3000 (every interface)');
    expect(listenUrl('::', 8080)).toBe('http://localhost:8080 (every interface)');
  });
});
