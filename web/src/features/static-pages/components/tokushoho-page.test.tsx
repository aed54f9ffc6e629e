import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@web/testing/render';
import { TokushohoPage } from './tokushoho-page';

afterEach(() => vi.unstubAllEnvs());

const row = (label: string) => screen.getByText(label).nextElementSibling as HTMLElement;

describe('the commercial-transactions notice', () => {
  it('asks for the seller until the stage sets one, and calls a mail address a mail address', () => {
    vi.stubEnv('VITE_SELLER_NAME', '');
    vi.stubEnv('VITE_CONTACT_URL', '');
    renderWithProviders(<TokushohoPage />);
    expect(row('販売事業者').textContent).toBe('（公開前に設定してください）');
    const contact = within(row('お問い合わせ')).getByRole('link');
    expect(contact.textContent).toBe('お問い合わせメール（support@example.com）');
    expect(contact.getAttribute('href')).toBe('mailto:support@example.com');
    expect(contact.getAttribute('target')).toBeNull();
  });

  it("names the stage's seller, and a web form as a form that opens in a new tab", () => {
    vi.stubEnv('VITE_SELLER_NAME', '株式会社みんなのクイズ');
    vi.stubEnv('VITE_CONTACT_URL', 'https://forms.example.jp/contact');
    renderWithProviders(<TokushohoPage />);
    expect(row('販売事業者').textContent).toBe('株式会社みんなのクイズ');
    const contact = within(row('お問い合わせ')).getByRole('link');
    expect(contact.textContent).toBe('お問い合わせフォーム（新しいタブで開きます）');
    expect(contact.getAttribute('target')).toBe('_blank');
  });
});
