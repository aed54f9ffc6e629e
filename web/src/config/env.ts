/** Build-time settings of the web app, read and checked in one place. */
export const env = {
  /** External contact / feedback form linked from the footer. */
  contactUrl: (import.meta.env.VITE_CONTACT_URL as string | undefined) ?? 'mailto:support@example.com',
} as const;
