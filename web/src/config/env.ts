/**
 * Build-time settings of the web app (`VITE_*` when `npm run build` runs, so per stage: README,
 * "Deploying a stage"), read and checked in one place. Read when used, so tests can set them.
 */
export const env = {
  /** Where members contact the operator: an https form, or a `mailto:` address. */
  get contactUrl(): string {
    return (import.meta.env.VITE_CONTACT_URL as string | undefined) || 'mailto:support@example.com';
  },
  /** The seller named in the commercial-transactions notice; unset until the operator sets it. */
  get sellerName(): string | undefined {
    return (import.meta.env.VITE_SELLER_NAME as string | undefined)?.trim() || undefined;
  },
};
