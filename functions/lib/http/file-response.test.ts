import { describe, expect, it } from 'vitest';
import { contentDisposition, fileResponse } from './file-response';

describe('file answers', () => {
  it('name the file in UTF-8 (RFC 5987) with an ASCII fallback', () => {
    expect(contentDisposition({ fileName: "日本の城(2)'s.csv", asciiFileName: 'quiz-"1".csv' })).toBe(
      `attachment; filename="quiz-_1_.csv"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E3%81%AE%E5%9F%8E%282%29%27s.csv`,
    );
  });

  it('send the bytes base64-encoded, uncached', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x41]);
    const answer = fileResponse(200, {
      fileName: 'a.csv',
      asciiFileName: 'a.csv',
      contentType: 'text/csv',
      bytes,
    });
    expect(answer).toMatchObject({ statusCode: 200, isBase64Encoded: true, body: '77u/QQ==' });
    expect(answer.headers).toMatchObject({ 'content-type': 'text/csv', 'cache-control': 'no-store' });
  });
});
