import { describe, expect, it } from 'vitest';
import { listeningText } from './listen-text.ts';

describe('the address the server says it listens at', () => {
  it('is localhost for the loopback address, where passkeys work', () => {
    expect(listeningText('http://127.0.0.1:3000')).toBe('Server listening at http://localhost:3000');
    expect(listeningText('http://[::1]:3000')).toBe('Server listening at http://localhost:3000');
  });

  it('leaves other addresses as they are', () => {
    expect(listeningText('http://192.168.1.20:3000')).toBe('Server listening at http://192.168.1.20:3000');
    expect(listeningText('/tmp/quiniela.sock')).toBe('Server listening at /tmp/quiniela.sock');
  });
});
