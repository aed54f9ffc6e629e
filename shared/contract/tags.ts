import * as z from 'zod';
import {
  adminTagSchema,
  popularTagSchema,
  tagIdParamsSchema,
  tagListQuerySchema,
  tagUpdatedSchema,
  updateTagSchema,
} from '../tags';
import { defineRoute } from './define';

/** Tags (issue 30): the popular tags, and the administrators' list and changes. */
export const tagsApi = {
  popular: defineRoute('GET /api/tags', { query: tagListQuerySchema, response: z.array(popularTagSchema) }),
  adminList: defineRoute('GET /api/admin/tags', { response: z.array(adminTagSchema) }),
  adminUpdate: defineRoute('PATCH /api/admin/tags/{id}', {
    params: tagIdParamsSchema,
    body: updateTagSchema,
    response: tagUpdatedSchema,
  }),
};
