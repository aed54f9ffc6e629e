import { describe, expect, it } from 'vitest';
import { encodeSender } from './mailer';

describe('encodeSender', () => {
  it('MIME-encodes a Japanese display name and leaves plain senders alone', () => {
    expect(encodeSender('みんなのクイズ <no-reply@example.com>')).toBe(
      `=?UTF-8?B?${Buffer.from('みんなのクイズ').toString('base64')}?= <no-reply@example.com>`,
    );
    expect(encodeSender('Quiz <no-reply@example.com>')).toBe('Quiz <no-reply@example.com>');
    expect(encodeSender('no-reply@example.com')).toBe('no-reply@example.com');
  });
});
