import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '@web/lib/query-client';

/** Renders a component with the app's query defaults and a router, as the app does. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/** A fetch stand-in answering by URL. */
export function fakeFetch(answers: Record<string, () => Response>) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const answer = answers[url];
    return answer
      ? answer()
      : new Response('{"message":"Not Found"}', { status: 404, statusText: 'Not Found' });
  };
  return { fetchImpl, calls };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Waits until an open Radix dialog holds the focus. Its focus scope moves the focus in an effect
 * that runs after the dismissable layer's (a child) has started listening for Escape and outside
 * clicks, so from then on Escape closes it; pressed as soon as the dialog is in the document, on a
 * loaded machine it can come before that listener and be lost.
 */
export async function dialogReady(dialog: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}
