import { describe, expect, it } from 'vitest';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { s3, ses } from '@functions/lib/aws-clients';
import { getConfig } from '@functions/lib/config';
import { Readable } from 'node:stream';

/** The functions' own SDK clients work against the local emulators unchanged. */
describe('local S3 and SES', () => {
  it('stores and returns objects byte for byte, streamed bodies included', async () => {
    const bucket = getConfig().materialsBucket!;
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, index) => (index * 7) % 256));
    await s3().send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: 'u/1/file.bin',
        Body: Readable.from([bytes]),
        ContentLength: bytes.length,
      }),
    );
    const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: 'u/1/file.bin' }));
    const returned = Buffer.from(await object.Body!.transformToByteArray());
    expect(returned.equals(bytes)).toBe(true);
  });

  it('delivers SES v2 mail to the local mail viewer, Japanese intact', async () => {
    const subject = `【みんなのクイズ】確認 ${Date.now()}`;
    await ses().send(
      new SendEmailCommand({
        FromEmailAddress: 'no-reply@example.com',
        Destination: { ToAddresses: ['hanako@example.com'] },
        Content: {
          Simple: {
            Subject: { Data: subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: 'こんにちは', Charset: 'UTF-8' },
              Html: { Data: '<p>こんにちは</p>', Charset: 'UTF-8' },
            },
          },
        },
      }),
    );
    const store = (await (await fetch(`${getConfig().endpoints.ses}/store`)).json()) as {
      emails: { subject: string; destination: { to: string[] }; body: { text?: string } }[];
    };
    const mail = store.emails.find((email) => email.subject === subject);
    expect(mail?.destination.to).toContain('hanako@example.com');
    expect(mail?.body.text).toContain('こんにちは');
  });
});
