import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '@web/lib/query-client';
import { createRouter } from './router';

// The notification area (Radix Toast) is loaded after the first paint; toasts raised before it
// arrives wait in the store and show when it mounts.
const Toaster = lazy(async () => ({ default: (await import('@web/components/toast/toaster')).Toaster }));

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
