import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getConfig, LOCAL_STAGES, resetConfigForTests } from './config';

/** Local-only settings (the payment simulator, cookies without `Secure`) never reach a deployed function. */
const saved = { ...process.env };
const DEPLOYED = {
  TABLE_NAME: 'Quiz-prod-Table',
  APP_URL: 'https://d111111abcdef8.cloudfront.net',
  // Left behind by mistake, or set by someone who should not: a deployed stage ignores it.
  STRIPE_API_URL: 'http://127.0.0.1:12111',
};

beforeEach(() => {
  for (const name of [
    'STAGE',
    'STRIPE_API_URL',
    'STRIPE_SECRET_ARN',
    'AWS_LAMBDA_FUNCTION_NAME',
    'PASSWORD_HASH_COST',
  ])
    delete process.env[name];
  resetConfigForTests();
});
afterEach(() => {
  process.env = { ...saved };
  resetConfigForTests();
});

describe('configuration of a deployed stage', () => {
  it('ignores the payment simulator and sends Secure cookies', () => {
    Object.assign(process.env, DEPLOYED, { STAGE: 'prod', AWS_LAMBDA_FUNCTION_NAME: 'Quiz-prod-Login' });
    const config = getConfig();
    expect(config.isLocal).toBe(false);
    expect(config.stripe.apiUrl).toBeUndefined();
    expect(config.secureCookies).toBe(true);
  });

  it('refuses to start a function in AWS Lambda under a local stage name', () => {
    for (const stage of LOCAL_STAGES) {
      Object.assign(process.env, DEPLOYED, { STAGE: stage, AWS_LAMBDA_FUNCTION_NAME: 'Quiz-x-Login' });
      resetConfigForTests();
      expect(() => getConfig()).toThrow(`STAGE: the ${stage} stage runs on this machine only`);
    }
  });

  it('hashes passwords at OWASP’s cost, and refuses the test suites’ fast cost', () => {
    Object.assign(process.env, DEPLOYED, { STAGE: 'prod' });
    expect(getConfig().passwordHashCost).toBe('owasp');
    Object.assign(process.env, { PASSWORD_HASH_COST: 'fast' });
    resetConfigForTests();
    expect(() => getConfig()).toThrow('PASSWORD_HASH_COST: password hashes are made at OWASP’s cost');
    Object.assign(process.env, { STAGE: 'local' });
    resetConfigForTests();
    expect(getConfig().passwordHashCost).toBe('fast');
  });

  it('keeps the simulator for the local stage on this machine', () => {
    Object.assign(process.env, DEPLOYED, { STAGE: 'local' });
    expect(getConfig().stripe.apiUrl).toBe('http://127.0.0.1:12111');
  });
});
