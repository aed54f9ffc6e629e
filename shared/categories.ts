import * as z from 'zod';

/** A category as the API returns it (`GET /api/categories`). */
const categorySchema = z.object({
  id: z.string(),
  name: z.string().min(1).max(100),
  description: z.string(),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
  icon: z.string(),
  isActive: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);
