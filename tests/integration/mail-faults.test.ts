import { visitor } from '../support/actors';
import { randomUUID } from 'node:crypto';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/account-messages';
import { startTestGateway } from '../support/gateway';

/**
 * What people see when the mail service fails (SES has no emulator that fails on demand, so the
 * SDK client is mocked): a reset request answers as for any address and changes nothing a later
 * request depends on; a registration link that cannot be sent says so, and works once mail is back.
 */
const ses = mockClient(SESv2Client);
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  ses.restore();
  await gateway.stop();
});
beforeEach(() => {
  ses.reset();
  ses.on(SendEmailCommand).rejects(new Error('SES is down'));
});

describe('mail failures', () => {
  it('answers a password reset request for a member exactly as for an unknown address', async () => {
    const id = randomUUID().slice(0, 8);
    const member = await visitor(gateway);
    ses.on(SendEmailCommand).resolves({});
    const registered = await member.request('POST', '/api/auth/register', {
      json: {
        username: `mail_${id}`,
        nickname: 'はなこ',
        email: `${id}@example.com`,
        password: 'Quiz#2026pass',
      },
    });
    expect(registered.status, registered.text).toBe(201);
    ses.on(SendEmailCommand).rejects(new Error('SES is down'));

    const known = await (
      await visitor(gateway)
    ).request('POST', '/api/auth/request-password-reset', {
      json: { email: `${id}@example.com` },
    });
    const unknown = await (
      await visitor(gateway)
    ).request('POST', '/api/auth/request-password-reset', {
      json: { email: `nobody-${id}@example.com` },
    });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
    expect(known.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(known.json).toEqual({ message: ACCOUNT_MESSAGES.passwordResetSent });
  });

  it('says a registration link could not be sent, and sends it when asked again after mail is back', async () => {
    const email = `${randomUUID().slice(0, 8)}@example.com`;
    const failed = await (
      await visitor(gateway)
    ).request('POST', '/api/auth/email-register', { json: { email } });
    expect(failed.status).toBe(502);
    expect(failed.json).toEqual({ message: ACCOUNT_MESSAGES.mailFailed });

    ses.on(SendEmailCommand).resolves({});
    const sent = await (
      await visitor(gateway)
    ).request('POST', '/api/auth/email-register', { json: { email } });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ message: ACCOUNT_MESSAGES.emailRegistrationSent });
    const mail = ses.commandCalls(SendEmailCommand).at(-1)!.args[0].input;
    expect(mail.Destination?.ToAddresses).toEqual([email]);
  });
});
