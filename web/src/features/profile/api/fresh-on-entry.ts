/** Stats and activity are refetched on entering the page and on window focus (spec). */
export const freshOnEntry = { staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: true } as const;
